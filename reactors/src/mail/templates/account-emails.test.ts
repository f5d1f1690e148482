import { describe, expect, it } from 'vitest'
import { guestInvitationEmail, passwordResetEmail, verificationEmail } from './account-emails'
import { escapeHtml } from './render'
import { describeDuration } from './validity'

const requestedAt = new Date('2030-07-01T12:00:00.000Z')
const inOneHour = new Date('2030-07-01T13:00:00.000Z')
const base = {
  publicUrl: 'https://prizes.example.co.uk',
  firstName: 'Ada',
  requestedAt,
  expiresAt: inOneHour,
}
const hostile = `<script>alert("x")</script> & O'Brien`

/** The links of the message itself (the footer's support address left out). */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).filter((href) => !href?.startsWith('mailto:'))

describe('verification email', () => {
  const email = verificationEmail({ ...base, token: 'tok-123' })

  it('links to the verify-email page with the token, in both parts', () => {
    const link = 'https://prizes.example.co.uk/verify-email?token=tok-123'
    expect(hrefs(email.html)).toEqual([link, link])
    expect(email.text).toContain(link)
    expect(email.subject).toBe('Verify your email address for Prize Platform')
  })

  it('greets by first name and gives the expiry in UK time, in both parts', () => {
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Hello Ada,')
      // 13:00 UTC in July is 14:00 in London (BST).
      expect(part).toContain('valid for 1 hour (until 14:00 on 1 July 2030, UK time)')
    }
  })

  it('escapes what the user typed in the HTML and leaves the text part readable', () => {
    const hostileEmail = verificationEmail({ ...base, firstName: hostile, token: 't' })
    expect(hostileEmail.html).not.toContain('<script>')
    expect(hostileEmail.html).toContain(`Hello ${escapeHtml(hostile)},`)
    expect(hostileEmail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien')
    expect(hostileEmail.text).toContain(`Hello ${hostile},`)
  })

  it('says "Hello," without a name', () => {
    const anonymous = verificationEmail({ ...base, firstName: undefined, token: 't' })
    expect(anonymous.text.startsWith('Hello,\n')).toBe(true)
  })

  it('encodes the token and keeps a path prefix of PUBLIC_URL', () => {
    const prefixed = verificationEmail({
      ...base,
      publicUrl: 'https://example.com/prizes/',
      token: 'a+b/c=&d',
    })
    expect(prefixed.text).toContain('https://example.com/prizes/verify-email?token=a%2Bb%2Fc%3D%26d')
    expect(hrefs(prefixed.html)[0]).toBe('https://example.com/prizes/verify-email?token=a%2Bb%2Fc%3D%26d')
  })
})

describe('password reset email', () => {
  const email = passwordResetEmail({ ...base, token: 'reset-1' })

  it('links to the reset-password page, valid for 1 hour, in both parts', () => {
    const link = 'https://prizes.example.co.uk/reset-password?token=reset-1'
    expect(hrefs(email.html)).toEqual([link, link])
    expect(email.text).toContain(link)
    for (const part of [email.html, email.text]) expect(part).toContain('valid for 1 hour')
    expect(email.subject).toBe('Reset your Prize Platform password')
  })

  it('is a whole HTML document in UK English', () => {
    expect(email.html.startsWith('<!doctype html>')).toBe(true)
    expect(email.html).toContain('<html lang="en-GB">')
  })
})

describe('guest invitation', () => {
  it('links to the finish-setup page, where choosing a password also verifies the email', () => {
    const email = guestInvitationEmail({ ...base, token: 'r-9' })
    const link = 'https://prizes.example.co.uk/finish-setup?token=r-9'
    expect(hrefs(email.html)).toEqual([link, link])
    expect(email.text).toContain(link)
    expect(email.text).toContain('also confirms your email address')
    expect(email.text).not.toContain('verify-email')
    expect(email.subject).toBe('Finish setting up your Prize Platform account')
  })

  it('escapes the guest name', () => {
    const email = guestInvitationEmail({ ...base, firstName: hostile, token: 'v' })
    expect(email.html).not.toContain('<script>')
    expect(email.text).toContain(hostile)
  })
})

describe('describeDuration', () => {
  it.each([
    [30 * 60_000, '30 minutes'],
    [60 * 60_000, '1 hour'],
    [24 * 3_600_000, '24 hours'],
    [72 * 3_600_000, '3 days'],
    [1, '1 minute'],
  ])('%i ms is %s', (ms, words) => {
    expect(describeDuration(ms)).toBe(words)
  })
})
