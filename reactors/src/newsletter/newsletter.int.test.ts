import {
  type AuthHarness,
  defaultRateLimits,
  mailboxOf,
  startAuthHarness,
  subscriberIdOf,
} from '@prizes/command-service/testing'
import { migrateReactorTables, newsletterToken } from '@prizes/command-service/use-cases'
import { contactStream, newsletterEvents, newsletterStream } from '@prizes/contracts'
import { createLogger } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailOutbox } from '../mail/outbox'
import type { RunningReactor } from '../runner'
import { startNewsletterMailReactor } from './newsletter-mail-reactor'

const publicUrl = 'https://prizes.example.co.uk'
const hour = 3_600_000
const day = 24 * hour

let h: AuthHarness
let reactor: RunningReactor

beforeAll(async () => {
  h = await startAuthHarness('newsletter', {
    newsletterSubscribe: {
      ...defaultRateLimits.newsletterSubscribe,
      perEmail: { max: 3, windowMs: hour },
      perAddress: { max: 100, windowMs: hour },
    },
  })
  await migrateReactorTables(h.knex)
  reactor = await startNewsletterMailReactor({
    store: h.store,
    knex: h.knex,
    outbox: createMailOutbox(h.knex),
    secrets: h.secrets,
    publicUrl,
    logger: createLogger({ level: 'silent' }),
    now: h.clock.now,
  })
})

afterAll(async () => {
  await reactor?.stop()
  await h?.close()
})

interface OutboxRow {
  readonly template: string
  readonly recipient: string
  readonly subject: string
  readonly text_body: string
  readonly headers: Record<string, string> | null
}

/** The emails queued for an address once the reactor has handled the stream's last event. */
async function queuedFor(stream: string, to: string): Promise<OutboxRow[]> {
  const last = (await h.store.readStream(stream)).at(-1)
  if (last) await reactor.waitForPosition(last.position, { timeoutMs: 10_000 })
  return h.knex('mail_outbox').where({ recipient: to }).orderBy('created_at').select<OutboxRow[]>()
}

const streamOf = (email: string) => newsletterStream(subscriberIdOf(h.secrets.oneTimeTokens, email))

/** The link's token as the reactor puts it in the email. */
function tokenIn(row: OutboxRow | undefined, page: string): string {
  const match = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(row?.text_body ?? '')
  if (!match?.[1]) throw new Error(`no ${page} link in ${row?.text_body}`)
  return match[1]
}

const subscribe = (email: string, ip = '203.0.113.1') =>
  h.call('POST', '/api/newsletter/subscribe', { email }, { ip })

describe('newsletter (double opt-in)', () => {
  it('subscribes, confirms by the emailed link, welcomes with an unsubscribe link, and unsubscribes', async () => {
    const email = 'ada@example.com'
    const answer = await subscribe(' Ada@Example.com ')
    expect(answer.status).toBe(200)
    expect(answer.body.message).toMatch(/^Thanks for subscribing to our newsletter!/)

    const [confirmation, ...none] = await queuedFor(streamOf(email), email)
    expect(none).toEqual([])
    expect(confirmation?.template).toBe('newsletter-confirmation')
    const token = tokenIn(confirmation, 'newsletter/confirm')
    // The log holds the address only encrypted.
    const events = await h.store.readStream(streamOf(email))
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('ada@')

    const confirmed = await h.call('POST', '/api/newsletter/confirm', { token })
    expect(confirmed).toMatchObject({ status: 200, body: { success: true, alreadyConfirmed: false } })
    const again = await h.call('POST', '/api/newsletter/confirm', { token })
    expect(again).toMatchObject({ status: 200, body: { alreadyConfirmed: true } })

    const emails = await queuedFor(streamOf(email), email)
    const welcome = emails.find((row) => row.template === 'newsletter-welcome')
    const unsubscribeToken = tokenIn(welcome, 'newsletter/unsubscribe')
    expect(welcome?.headers).toEqual({
      'List-Unsubscribe': `<${publicUrl}/api/newsletter/one-click-unsubscribe?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(emails).toHaveLength(2)

    const left = await h.call('POST', '/api/newsletter/unsubscribe', { token: unsubscribeToken })
    expect(left).toMatchObject({ status: 200, body: { success: true } })
    const types = (await h.store.readStream(streamOf(email))).map((e) => e.type)
    expect(types).toEqual([
      'NewsletterSubscriptionRequested',
      'NewsletterSubscriptionConfirmed',
      'NewsletterUnsubscribed',
    ])
    // Twice: the same answer, nothing new.
    expect((await h.call('POST', '/api/newsletter/unsubscribe', { token: unsubscribeToken })).status).toBe(
      200,
    )
    expect(await h.store.readStream(streamOf(email))).toHaveLength(3)
  })

  it('answers a repeat sign-up the same way and sends at most one confirmation an hour', async () => {
    const email = 'repeat@example.com'
    const first = await subscribe(email)
    const second = await subscribe(email)
    expect(second).toMatchObject({ status: 200, body: first.body })
    expect((await queuedFor(streamOf(email), email)).map((r) => r.template)).toEqual([
      'newsletter-confirmation',
    ])

    h.clock.advance(hour + 1000)
    await subscribe(email)
    const rows = await queuedFor(streamOf(email), email)
    expect(rows.map((r) => r.template)).toEqual(['newsletter-confirmation', 'newsletter-confirmation'])

    // Confirmed: a further sign-up says the same and sends nothing at all.
    await h.call('POST', '/api/newsletter/confirm', { token: tokenIn(rows[0], 'newsletter/confirm') })
    h.clock.advance(2 * hour)
    const confirmedAlready = await subscribe(email)
    expect(confirmedAlready).toMatchObject({ status: 200, body: first.body })
    const types = (await h.store.readStream(streamOf(email))).map((e) => e.type)
    expect(types.at(-1)).toBe('NewsletterSubscriptionConfirmed')
  })

  it('limits sign-ups per address with 429', async () => {
    const email = 'limited@example.com'
    for (let i = 0; i < 3; i++) expect((await subscribe(email, '198.51.100.9')).status).toBe(200)
    const refused = await subscribe(email, '198.51.100.9')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).not.toBeNull()
  })

  it('sends one inbox at most 3 confirmations an hour, across +tags, Gmail dots and googlemail.com (issue 23)', async () => {
    const spellings = ['fan+1@gmail.com', 'f.a.n@gmail.com', 'fan@googlemail.com', 'FAN+news@gmail.com']
    const answers = []
    for (const [i, email] of spellings.entries()) answers.push(await subscribe(email, `192.0.2.${i + 40}`))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
    expect(answers[3]?.body.message).toContain('Too many emails have been sent to this address')
    for (const email of spellings.slice(0, 3)) await queuedFor(streamOf(email), email)
    const confirmations = await h
      .knex('mail_outbox')
      .where({ template: 'newsletter-confirmation' })
      .select<OutboxRow[]>()
    expect(confirmations.filter((row) => mailboxOf(row.recipient) === 'fan@gmail.com')).toHaveLength(3)
  })

  it('refuses bad input, unknown and expired tokens clearly', async () => {
    expect(await h.call('POST', '/api/newsletter/subscribe', { email: '' })).toMatchObject({
      status: 400,
      body: { message: expect.any(String) },
    })
    expect((await h.call('POST', '/api/newsletter/subscribe', { email: 'not-an-email' })).status).toBe(400)
    expect(
      (await h.call('POST', '/api/newsletter/subscribe', { email: `${'a'.repeat(300)}@x.com` })).status,
    ).toBe(400)
    expect((await h.call('POST', '/api/newsletter/confirm', {})).status).toBe(400)
    expect(await h.call('POST', '/api/newsletter/confirm', { token: 'no-such-token' })).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_NEWSLETTER_TOKEN' },
    })
    expect((await h.call('POST', '/api/newsletter/unsubscribe', { token: 'no-such-token' })).status).toBe(404)

    const email = 'late@example.com'
    await subscribe(email)
    const [confirmation] = await queuedFor(streamOf(email), email)
    h.clock.advance(7 * day + 1000)
    expect(
      await h.call('POST', '/api/newsletter/confirm', { token: tokenIn(confirmation, 'newsletter/confirm') }),
    ).toMatchObject({
      status: 400,
      body: { code: 'NEWSLETTER_TOKEN_EXPIRED', message: expect.stringContaining('expired') },
    })
  })

  it('unsubscribes by one-click POST (RFC 8058) with the token in the URL', async () => {
    const email = 'oneclick@example.com'
    await subscribe(email)
    const [confirmation] = await queuedFor(streamOf(email), email)
    await h.call('POST', '/api/newsletter/confirm', { token: tokenIn(confirmation, 'newsletter/confirm') })
    const events = await h.store.readStream(streamOf(email))
    const confirmed = newsletterEvents.NewsletterSubscriptionConfirmed.parse(events.at(-1)?.data)
    const token = newsletterToken(
      h.secrets.oneTimeTokens,
      'newsletter-unsubscribe',
      confirmed.subscriberId,
      confirmed.unsubscribeNonce,
    )

    const response = await fetch(`${h.url}/api/newsletter/one-click-unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(response.status).toBe(200)
    const last = (await h.store.readStream(streamOf(email))).at(-1)
    expect(last?.type).toBe('NewsletterUnsubscribed')
    expect(last?.data).toMatchObject({ via: 'one_click' })
    const unknown = await fetch(`${h.url}/api/newsletter/one-click-unsubscribe?token=nope`, {
      method: 'POST',
    })
    expect(unknown.status).toBe(404)
  })
})

describe('contact form', () => {
  const message = {
    name: 'Grace Hopper',
    email: 'Grace@Example.com',
    topic: 'entry',
    subject: 'My entry reference',
    message: 'I entered yesterday and cannot find my entry in the dashboard.',
  }

  it('records the message under a reference and queues an acknowledgement with it', async () => {
    const answer = await h.call('POST', '/api/contact', message)
    expect(answer.status).toBe(201)
    const reference = String(answer.body.reference)
    expect(reference).toMatch(/^CT-[2-9A-HJKMNP-Z]{6}$/)
    expect(answer.body.message).toContain(reference)

    const [received, ...more] = await h.store.readStream(contactStream(reference))
    expect(more).toEqual([])
    expect(received?.type).toBe('ContactMessageReceived')
    expect(JSON.stringify(received?.data)).not.toContain('Grace')

    const [ack] = await queuedFor(contactStream(reference), 'grace@example.com')
    expect(ack).toMatchObject({ template: 'contact-acknowledgement' })
    expect(ack?.subject).toContain(reference)
    expect(ack?.text_body).toContain('Topic: A competition entry')
    // Nothing the sender typed goes to the address they gave (issue 23).
    for (const typed of [message.message, message.subject, message.name]) {
      expect(ack?.text_body).not.toContain(typed)
      expect(ack?.subject).not.toContain(typed)
    }

    const second = await h.call('POST', '/api/contact', message)
    expect(second.body.reference).not.toBe(reference)
  })

  it('acknowledges at most 3 messages an hour to one inbox, however its address is spelt or whoever sends (issue 23)', async () => {
    const spellings = [
      'Lin.Da+1@gmail.com',
      'linda+2@googlemail.com',
      'l.i.n.d.a@gmail.com',
      'linda@gmail.com',
    ]
    const answers = []
    for (const [i, email] of spellings.entries()) {
      answers.push(await h.call('POST', '/api/contact', { ...message, email }, { ip: `192.0.2.${i + 10}` }))
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429])
    expect(answers[3]?.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many emails have been sent to this address'),
    })
    expect(answers[3]?.headers.get('retry-after')).not.toBeNull()
    const references = answers.slice(0, 3).map((answer) => String(answer.body.reference))
    for (const reference of references) {
      const last = (await h.store.readStream(contactStream(reference))).at(-1)
      if (last) await reactor.waitForPosition(last.position, { timeoutMs: 10_000 })
    }
    const acks = await h
      .knex('mail_outbox')
      .where({ template: 'contact-acknowledgement' })
      .select<OutboxRow[]>()
    expect(acks.filter((row) => mailboxOf(row.recipient) === 'linda@gmail.com')).toHaveLength(3)
    // Another inbox is not held up, and an hour later this one has room again.
    const other = await h.call(
      'POST',
      '/api/contact',
      { ...message, email: 'linda@example.com' },
      { ip: '192.0.2.20' },
    )
    expect(other.status).toBe(201)
    h.clock.advance(hour + 1000)
    expect(
      (await h.call('POST', '/api/contact', { ...message, email: 'linda@gmail.com' }, { ip: '192.0.2.21' }))
        .status,
    ).toBe(201)
  })

  it('refuses missing and oversized fields with the form messages', async () => {
    const missing = await h.call('POST', '/api/contact', { ...message, name: ' ', message: 'short' })
    expect(missing.status).toBe(400)
    expect(missing.body.fieldErrors).toMatchObject({
      name: ['Please enter your name'],
      message: [expect.stringContaining('at least 10 characters')],
    })
    expect((await h.call('POST', '/api/contact', { ...message, message: 'x'.repeat(5001) })).status).toBe(400)
    expect((await h.call('POST', '/api/contact', { ...message, topic: 'nonsense' })).status).toBe(400)
  })
})
