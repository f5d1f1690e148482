import { describe, expect, it } from 'vitest'
import { newsletterMessages, validateNewsletterEmail } from './newsletter'

describe('validateNewsletterEmail', () => {
  it('asks for an address when empty', () => {
    expect(validateNewsletterEmail('')).toBe(newsletterMessages.empty)
    expect(validateNewsletterEmail('   ')).toBe('Please enter your email address')
  })

  it('rejects addresses that are not addresses', () => {
    for (const bad of ['jo', 'jo@', 'jo@example', '@example.com', 'jo @example.com']) {
      expect(validateNewsletterEmail(bad)).toBe('Please enter a valid email address')
    }
  })

  it('accepts a valid address, ignoring surrounding spaces', () => {
    expect(validateNewsletterEmail(' jo.bloggs@example.co.uk ')).toBeNull()
  })
})
