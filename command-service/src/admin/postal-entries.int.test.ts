import { randomUUID } from 'node:crypto'
import { entryCapMessage, entryEvents } from '@prizes/contracts'
import { publicCertificateOf, verifyDraw, verifyPublicCertificate } from '@prizes/domain'
import { quicknetBeacon, timesAround } from '@prizes/domain/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDrawEvents } from '../competitions/draw-events'
import { nodeDrawCrypto } from '../competitions/node-draw-crypto'
import { submission } from '../entries/test-harness'
import { type AdminHarness, startAdminHarness } from './test-harness'

/**
 * Issue 14: free entries by post (POST /api/admin/competitions/:id/postal-entries) and the
 * per-person cap, on a real PostgreSQL through the command app: a reference and a ticket for
 * each envelope, once however often the form is sent, refused after the close or from the
 * future, counted with paid entries against the cap, and drawn with a certificate that passes.
 */

let harness: AdminHarness
let admin: string
let adminId: string

beforeAll(async () => {
  harness = await startAdminHarness('admin-postal-entries')
  const account = await harness.adminAccount()
  admin = account.token
  adminId = account.userId
})
afterAll(() => harness.close())

const postalPath = (competitionId: string) => `/api/admin/competitions/${competitionId}/postal-entries`

function envelope(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    firstName: 'Mary',
    lastName: 'Somerville',
    email: `mary-${randomUUID()}@example.com`,
    address: '3 Jedburgh Road, Scotland',
    dateOfBirth: '1990-01-01',
    answer: '4',
    receivedAt: '2030-01-10',
    ...overrides,
  }
}

async function emailOf(userId: string): Promise<string> {
  const row = await harness.knex('user_emails').where({ user_id: userId }).first<{ email: string }>('email')
  if (!row) throw new Error(`no email for ${userId}`)
  return row.email
}

const postalEvents = async (competitionId: string) =>
  (await harness.events(competitionId)).filter((event) => event.type === 'PostalEntryRecorded')

describe('recording a postal entry', () => {
  it('gives the envelope its own reference and one ticket, the admin in the audit trail, no personal data on the stream', async () => {
    const id = await harness.competition(admin)
    const sent = envelope()
    const answer = await harness.call('POST', postalPath(id), sent, admin)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Postal entry recorded',
      entry: {
        id: sent.idempotencyKey,
        entryReference: expect.stringMatching(/^PRZ-2030-\d{6}$/),
        ticketNumbers: [1],
      },
    })
    const [event] = await postalEvents(id)
    const data = entryEvents.PostalEntryRecorded.parse(event?.data)
    expect(data).toMatchObject({ answer: '4', answerCorrect: true, receivedAt: '2030-01-10T00:00:00.000Z' })
    // The entrant is a guest account made for their email; their name stays off the competition's stream.
    expect(await emailOf(data.userId)).toBe(sent.email)
    expect(JSON.stringify(event)).not.toMatch(/Mary|Somerville|Jedburgh|example\.com/)
    expect((await harness.userEvents(data.userId)).map((e) => e.type)).toContain('UserRegistered')
    const metadata = (await harness.metadata(id)).find(
      (m) => m.eventId && (m as { actor?: { userId?: string } }).actor?.userId === adminId,
    )
    expect(metadata?.actor).toMatchObject({ userId: adminId, role: 'admin' })
  })

  it('records which question of the pool the envelope answered and judges the answer by it (issue 24)', async () => {
    const extra = [{ question: 'What is 6 × 7?', options: ['40', '42', '44', '46'], correct: '42' }]
    const id = await harness.competition(admin, { extra_skill_questions: extra })
    const right = await harness.call(
      'POST',
      postalPath(id),
      envelope({ questionIndex: 1, answer: '42' }),
      admin,
    )
    expect(right.status, JSON.stringify(right.body)).toBe(201)
    // "4" is the first question's answer, not an option of the second.
    const mixed = await harness.call(
      'POST',
      postalPath(id),
      envelope({ questionIndex: 1, answer: '4' }),
      admin,
    )
    expect(mixed.status).toBe(400)
    const outside = await harness.call(
      'POST',
      postalPath(id),
      envelope({ questionIndex: 2, answer: '4' }),
      admin,
    )
    expect(outside.status).toBe(400)
    const [event] = await postalEvents(id)
    expect(entryEvents.PostalEntryRecorded.parse(event?.data)).toMatchObject({
      answer: '42',
      questionIndex: 1,
      answerCorrect: true,
    })
  })

  it('records one entry however often the same form is sent, even at once', async () => {
    const id = await harness.competition(admin)
    const sent = envelope()
    const answers = await Promise.all([1, 2, 3].map(() => harness.call('POST', postalPath(id), sent, admin)))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201])
    const references = new Set(
      answers.map((a) => (a.body.entry as { entryReference: string }).entryReference),
    )
    expect(references.size).toBe(1)
    expect(await postalEvents(id)).toHaveLength(1)
    // A later repeat too.
    const again = await harness.call('POST', postalPath(id), sent, admin)
    expect(again.body.entry).toEqual(answers[0]?.body.entry)
    expect(await postalEvents(id)).toHaveLength(1)
  })

  it('finds an existing account by its email', async () => {
    const id = await harness.competition(admin)
    const { userId } = await harness.user()
    const answer = await harness.call(
      'POST',
      postalPath(id),
      envelope({ email: await emailOf(userId) }),
      admin,
    )
    expect(answer.status).toBe(201)
    expect(answer.body.entry).toMatchObject({ userId })
  })

  it('refuses an envelope received after the close, and one dated in the future', async () => {
    const id = await harness.competition(admin, { end_date: '2030-01-11T00:00:00.000Z' })
    const refused = `late-${randomUUID()}@example.com`
    const future = await harness.call(
      'POST',
      postalPath(id),
      envelope({ receivedAt: '2030-01-12', email: refused }),
      admin,
    )
    expect(future).toMatchObject({
      status: 400,
      body: {
        message: 'The date received cannot be in the future',
        fieldErrors: { receivedAt: [expect.any(String)] },
      },
    })
    harness.clock.advance(2 * 24 * 60 * 60_000)
    try {
      const late = await harness.call(
        'POST',
        postalPath(id),
        envelope({ receivedAt: '2030-01-11', email: refused }),
        admin,
      )
      expect(late).toMatchObject({
        status: 409,
        body: {
          code: 'POSTAL_ENTRY_AFTER_CLOSE',
          message: 'This envelope arrived after the competition closed, so it cannot be entered',
          fieldErrors: { receivedAt: [expect.any(String)] },
        },
      })
    } finally {
      harness.clock.advance(-2 * 24 * 60 * 60_000)
    }
    expect(await postalEvents(id)).toHaveLength(0)
    // Refused before anything was made: no account for the sender.
    expect(await harness.knex('user_emails').where({ email: refused }).first()).toBeUndefined()
  })

  it('refuses a date that is no real day, or before the competition opened, with a field error (issue 23)', async () => {
    const id = await harness.competition(admin)
    const refused = `odd-${randomUUID()}@example.com`
    for (const receivedAt of ['0', '2026-02-30', '2030-01-10T25:00:00Z', '10/01/2030', 'yesterday']) {
      const answer = await harness.call(
        'POST',
        postalPath(id),
        envelope({ receivedAt, email: refused }),
        admin,
      )
      expect(answer).toMatchObject({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_FAILED',
          fieldErrors: { receivedAt: ['Enter the date received as a real date, such as 2030-01-09'] },
        },
      })
    }
    // Real days, but before the competition opened (2030-01-10).
    for (const receivedAt of ['0001-01-01', '2030-01-09', '2030-01-09T23:59:59Z']) {
      const answer = await harness.call(
        'POST',
        postalPath(id),
        envelope({ receivedAt, email: refused }),
        admin,
      )
      expect(answer).toMatchObject({
        status: 400,
        body: {
          message: 'The date received is before the competition opened: check the date on the envelope',
          fieldErrors: { receivedAt: [expect.any(String)] },
        },
      })
    }
    expect(await postalEvents(id)).toHaveLength(0)
    expect(await harness.knex('user_emails').where({ email: refused }).first()).toBeUndefined()
    // The opening day itself, and a moment with its offset, are in time.
    const opening = await harness.call('POST', postalPath(id), envelope({ receivedAt: '2030-01-10' }), admin)
    expect(opening.status).toBe(201)
    const moment = envelope({ receivedAt: '2030-01-10T09:30:00+01:00' })
    expect((await harness.call('POST', postalPath(id), moment, admin)).status).toBe(201)
  })

  it('refuses a wrong field, a user, and an unknown competition', async () => {
    const id = await harness.competition(admin)
    expect((await harness.call('POST', postalPath(id), envelope({ email: 'nope' }), admin)).status).toBe(400)
    expect((await harness.call('POST', postalPath(id), envelope({ answer: '22' }), admin)).status).toBe(400)
    const { token } = await harness.user()
    expect((await harness.call('POST', postalPath(id), envelope(), token)).status).toBe(403)
    expect((await harness.call('POST', postalPath(randomUUID()), envelope(), admin)).status).toBe(404)
  })
})

describe('the per-person cap', () => {
  it('counts paid and postal entries together and says how many remain', async () => {
    const id = await harness.competition(admin, { max_entries_per_person: 4 })
    const entrant = await harness.paidEntry(id, 3)
    const email = await emailOf(entrant.userId)
    expect((await harness.call('POST', postalPath(id), envelope({ email }), admin)).status).toBe(201)
    const postal = await harness.call('POST', postalPath(id), envelope({ email }), admin)
    expect(postal).toMatchObject({
      status: 409,
      body: { code: 'ENTRY_CAP_REACHED', message: entryCapMessage(4, 0) },
    })
    const paid = await harness.call(
      'POST',
      '/api/entries/create-payment-intent',
      submission(id, { numberOfEntries: 1 }),
      entrant.token,
    )
    expect(paid).toMatchObject({
      status: 409,
      body: {
        code: 'ENTRY_CAP_REACHED',
        message: 'You can have at most 4 entries in this competition. You have none left.',
      },
    })
  })

  it('refuses a purchase over what remains, naming the number', async () => {
    const id = await harness.competition(admin, { max_entries_per_person: 5 })
    const entrant = await harness.paidEntry(id, 2)
    const over = await harness.call(
      'POST',
      '/api/entries/create-payment-intent',
      submission(id, { numberOfEntries: 4 }),
      entrant.token,
    )
    expect(over).toMatchObject({ status: 409, body: { message: entryCapMessage(5, 3) } })
    const within = await harness.call(
      'POST',
      '/api/entries/create-payment-intent',
      submission(id, { numberOfEntries: 3 }),
      entrant.token,
    )
    expect(within.status).toBe(200)
  })

  it('cannot be beaten by a reservation and a postal entry at the same moment', async () => {
    const id = await harness.competition(admin, { max_entries_per_person: 3 })
    const entrant = await harness.paidEntry(id, 2)
    const email = await emailOf(entrant.userId)
    const [paid, postal] = await Promise.all([
      harness.call(
        'POST',
        '/api/entries/create-payment-intent',
        submission(id, { numberOfEntries: 1 }),
        entrant.token,
      ),
      harness.call('POST', postalPath(id), envelope({ email }), admin),
    ])
    // Exactly one of them gets the last place; the other is refused with the cap's message.
    expect([paid.status === 200, postal.status === 201].filter(Boolean)).toHaveLength(1)
    const refused = paid.status === 409 ? paid : postal
    expect(refused.body.message).toBe(entryCapMessage(3, 0))
  })

  it('cannot be beaten by paying a replaced reservation as well as the one that replaced it', async () => {
    const id = await harness.competition(admin, { max_entries_per_person: 4 })
    const entrant = await harness.paidEntry(id, 2)
    const reserve = () =>
      harness.call(
        'POST',
        '/api/entries/create-payment-intent',
        submission(id, { numberOfEntries: 2 }),
        entrant.token,
      )
    const first = String((await reserve()).body.paymentIntentId)
    // Paid at the provider before the second reservation replaces it, so it cannot be cancelled.
    await harness.payments.confirmWithTestCard(first, { cardNumber: '4242 4242 4242 4242', expiry: '12/34' })
    const second = String((await reserve()).body.paymentIntentId)
    await harness.payments.confirmWithTestCard(second, { cardNumber: '4242 4242 4242 4242', expiry: '12/34' })
    const confirm = (paymentIntentId: string) =>
      harness.call('POST', '/api/entries/confirm-payment', { paymentIntentId }, entrant.token)
    expect((await confirm(first)).status).toBe(200)
    const over = await confirm(second)
    expect(over).toMatchObject({
      status: 409,
      body: { message: `${entryCapMessage(4, 0)} Your card has not been charged.` },
    })
    const events = await harness.events(id)
    const allocated = events
      .filter((event) => event.type === 'TicketsAllocated' && event.data.userId === entrant.userId)
      .map((event) => entryEvents.TicketsAllocated.parse(event.data).ticketNumbers.length)
    expect(allocated.reduce((sum, n) => sum + n, 0)).toBe(4)
    expect(events.filter((e) => e.type === 'PaymentVoidDue').map((e) => e.data.reason)).toEqual(['entry_cap'])
    expect((await harness.payments.retrieveIntent(second)).status).toBe('canceled')
  })
})

describe('issue 24: parity with the paid route', () => {
  it('records an envelope that arrived before the close but is keyed after it, sealing the list again', async () => {
    const id = await harness.competition(admin, { end_date: '2030-01-11T00:00:00.000Z' })
    await harness.paidEntry(id, 1)
    harness.clock.advance(2 * 24 * 60 * 60_000)
    try {
      const admin = await harness.admin()
      const closed = await harness.call(
        'PUT',
        `/api/admin/competitions/${id}/status`,
        { status: 'closed' },
        admin,
      )
      expect(closed.status).toBe(200)
      const keyed = await harness.call('POST', postalPath(id), envelope({ receivedAt: '2030-01-10' }), admin)
      expect(keyed.status, JSON.stringify(keyed.body)).toBe(201)
      const stream = await harness.events(id)
      const closes = stream.filter((event) => event.type === 'CompetitionClosed')
      expect(closes.map((event) => (event.data as { reason: string }).reason)).toEqual([
        'admin',
        'postal_entry',
      ])
      expect(closes.at(-1)?.data).toMatchObject({ seal: { eligibleTickets: 2 } })
    } finally {
      harness.clock.advance(-2 * 24 * 60 * 60_000)
    }
  })

  it('asks the sender for a date of birth and refuses one under 18, as registration does, making no account', async () => {
    const id = await harness.competition(admin)
    const young = `young-${randomUUID()}@example.com`
    const under = await harness.call(
      'POST',
      postalPath(id),
      envelope({ email: young, dateOfBirth: '2015-05-05' }),
      admin,
    )
    expect(under).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'You must be 18 or older to register',
        fieldErrors: { dateOfBirth: ['You must be 18 or older to register'] },
      },
    })
    const { dateOfBirth: _omitted, ...undated } = envelope({ email: young })
    expect(await harness.call('POST', postalPath(id), undated, admin)).toMatchObject({
      status: 400,
      body: { fieldErrors: { dateOfBirth: ['Date of birth is required'] } },
    })
    expect(await postalEvents(id)).toHaveLength(0)
    expect(await harness.knex('user_emails').where({ email: young }).first()).toBeUndefined()
  })
})

describe('a postal entry in the draw', () => {
  it('wins a draw whose certificate passes, as the only correct entry', async () => {
    const round = quicknetBeacon.round
    const { closeAt, drawAt } = timesAround(round)
    const back = closeAt.getTime() - 60 * 60_000 - harness.clock.now().getTime()
    harness.clock.advance(back)
    try {
      // A session issued at this earlier time: the earlier one would be from the future.
      const admin = await harness.admin()
      const day = 24 * 60 * 60_000
      const id = await harness.competition(admin, {
        start_date: new Date(closeAt.getTime() - 2 * day).toISOString(),
        end_date: new Date(closeAt.getTime() + day).toISOString(),
      })
      await harness.paidEntry(id, 2)
      const received = new Date(closeAt.getTime() - 2 * 60 * 60_000).toISOString()
      const postal = await harness.call('POST', postalPath(id), envelope({ receivedAt: received }), admin)
      expect(postal.status).toBe(201)
      const reference = (postal.body.entry as { entryReference: string }).entryReference
      harness.clock.advance(closeAt.getTime() - harness.clock.now().getTime())
      // The postal ticket is sealed with the paid entry's two, and the certificate lists it.
      expect(
        (await harness.call('PUT', `/api/admin/competitions/${id}/status`, { status: 'closed' }, admin))
          .status,
      ).toBe(200)
      expect(
        (await harness.call('PUT', `/api/admin/competitions/${id}/status`, { status: 'drawing' }, admin))
          .status,
      ).toBe(200)
      harness.clock.advance(drawAt.getTime() - harness.clock.now().getTime())
      const { randomness: value, signature } = quicknetBeacon
      const completed = await harness.call(
        'PUT',
        `/api/admin/competitions/${id}/status`,
        { status: 'completed', publicRandomness: { source: 'drand', round, value, signature } },
        admin,
      )
      expect(completed.status, JSON.stringify(completed.body)).toBe(200)
      const events = await loadDrawEvents(harness.store, id)
      const audit = verifyDraw(events, nodeDrawCrypto)
      expect(audit.verdict).toBe('PASS')
      const certificate = publicCertificateOf(events)
      if (!certificate) throw new Error('no certificate')
      expect(certificate.entries.map((entry) => entry.entryReference)).toContain(reference)
      expect(certificate.seal.eligibleTickets).toBe(3)
      expect(verifyPublicCertificate(certificate, nodeDrawCrypto).verdict).toBe('PASS')
    } finally {
      harness.clock.advance(new Date('2030-01-10T12:00:00.000Z').getTime() - harness.clock.now().getTime())
    }
  })
})
