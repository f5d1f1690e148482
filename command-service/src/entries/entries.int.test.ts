import { randomUUID } from 'node:crypto'
import { entryMessages, newsletterStream } from '@prizes/contracts'
import { AccountBanned, entryReferencePattern } from '@prizes/domain'
import { cardMessages, testCards } from '@prizes/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCompetition } from '../competitions/commands'
import { subscriberIdOf } from '../newsletter/subscribers'
import { details } from '../testing/fixtures'
import { banUser } from '../users/standing'
import { requestEntry } from './entries'
import { type EntriesHarness, startEntriesHarness, submission } from './test-harness'

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('entries_http')
})
afterAll(() => harness.close())

const createIntent = (body: unknown, token?: string, idempotencyKey?: string) =>
  harness.call('/api/entries/create-payment-intent', body, {
    ...(token === undefined ? {} : { token }),
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  })
const confirm = (paymentIntentId: string, token: string) =>
  harness.call('/api/entries/confirm-payment', { paymentIntentId }, { token })

const intentOf = (answer: { body: Record<string, unknown> }) => {
  const id = answer.body.paymentIntentId
  if (typeof id !== 'string') throw new Error(`no paymentIntentId in ${JSON.stringify(answer.body)}`)
  return id
}

describe('POST /api/entries/create-payment-intent, then confirm-payment', () => {
  it('reserves at the server’s price, and the paid entry comes back numbered with its reference', async () => {
    const competitionId = await harness.competition()
    const { userId, token } = await harness.user()
    const created = await createIntent(
      submission(competitionId, { numberOfEntries: 3, entryPrice: 0.01 }),
      token,
    )
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ success: true, amount: 750 })
    const paymentIntentId = intentOf(created)
    expect(created.body.clientSecret).toContain(paymentIntentId)
    const intent = await harness.payments.retrieveIntent(paymentIntentId)
    expect(intent).toMatchObject({ amountPence: 750, metadata: { competitionId, userId } })
    const [reserved] = (await harness.events(competitionId)).filter((e) => e.type === 'TicketsReserved')
    expect(reserved?.data).toMatchObject({
      quantity: 3,
      paymentIntentId,
      expiresAt: '2030-01-10T12:10:00.000Z',
    })

    expect(await harness.pay(paymentIntentId)).toBe('succeeded')
    const confirmed = await confirm(paymentIntentId, token)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({
      success: true,
      entry: {
        id: intent.metadata.entryId,
        competitionId,
        competitionTitle: details.title,
        numberOfEntries: 3,
        totalCost: 7.5,
        entryDate: '2030-01-10T12:00:00.000Z',
        status: 'active',
        entryStatus: 'active',
        paymentStatus: 'paid',
        drawDate: details.endDate,
        ticketNumbers: [1, 2, 3],
      },
    })
    const entry = confirmed.body.entry as { entryReference: string }
    expect(entry.entryReference).toMatch(entryReferencePattern)
    expect(entry.entryReference).toMatch(/^PRZ-2030-\d{6}$/)
    harness.clock.advance(60_000)
    try {
      expect(await confirm(paymentIntentId, token)).toEqual(confirmed)
    } finally {
      harness.clock.advance(-60_000)
    }
  })

  it('asks for a newsletter subscription (double opt-in) only when the entry form’s box is ticked', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const streamOf = (email: string) =>
      newsletterStream(subscriberIdOf(harness.deps.secrets.oneTimeTokens, email))
    await createIntent(
      submission(competitionId, { email: 'ticked@example.com', subscribedToNewsletter: true }),
      token,
    )
    await createIntent(submission(competitionId, { email: 'unticked@example.com' }), token)
    const ticked = await harness.store.readStream(streamOf('ticked@example.com'))
    expect(ticked.map((e) => [e.type, (e.data as { source: string }).source])).toEqual([
      ['NewsletterSubscriptionRequested', 'competition_entry'],
    ])
    expect(await harness.store.readStream(streamOf('unticked@example.com'))).toEqual([])
  })

  it('takes no tickets for an unpaid or declined payment, and says why', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const paymentIntentId = intentOf(await createIntent(submission(competitionId), token))
    expect(await confirm(paymentIntentId, token)).toMatchObject({
      status: 402,
      body: { success: false, code: 'PAYMENT_NOT_SUCCEEDED', message: entryMessages.paymentFailed },
    })
    expect(await harness.pay(paymentIntentId, testCards.declined)).toBe('declined')
    expect(await confirm(paymentIntentId, token)).toMatchObject({
      status: 402,
      body: { code: 'PAYMENT_NOT_SUCCEEDED', message: cardMessages.declined },
    })
    const types = (await harness.events(competitionId)).map((e) => e.type)
    expect(types).not.toContain('TicketsAllocated')
  })

  it('does not show one user’s payment to another, nor an intent that does not exist', async () => {
    const competitionId = await harness.competition()
    const owner = await harness.user()
    const stranger = await harness.user()
    const paymentIntentId = intentOf(await createIntent(submission(competitionId), owner.token))
    await harness.pay(paymentIntentId)
    expect(await confirm(paymentIntentId, stranger.token)).toMatchObject({
      status: 404,
      body: { code: 'PAYMENT_NOT_FOUND' },
    })
    expect((await confirm('pi_offline_nope', owner.token)).status).toBe(404)
  })

  it('accepts a wrong answer without saying so, and records it as incorrect', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const paymentIntentId = intentOf(
      await createIntent(submission(competitionId, { skillQuestionAnswer: '5' }), token),
    )
    await harness.pay(paymentIntentId)
    const confirmed = await confirm(paymentIntentId, token)
    expect(confirmed.status).toBe(200)
    expect(JSON.stringify(confirmed.body)).not.toContain('answerCorrect')
    const allocated = (await harness.events(competitionId)).find((e) => e.type === 'TicketsAllocated')
    expect(allocated?.data).toMatchObject({ answer: '5', answerCorrect: false })
  })

  it('answers the same intent for a repeated Idempotency-Key, and reserves once', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const body = submission(competitionId, { numberOfEntries: 2 })
    const first = await createIntent(body, token, 'key-1')
    const again = await createIntent(body, token, 'key-1')
    expect(first.status).toBe(200)
    expect(again).toEqual(first)
    const other = await createIntent(body, (await harness.user()).token, 'key-1')
    expect(intentOf(other)).not.toBe(intentOf(first))
    const reservations = (await harness.events(competitionId)).filter((e) => e.type === 'TicketsReserved')
    expect(reservations).toHaveLength(2)
  })

  it('answers a repeat racing the first with 409 or the same intent, and takes over a key a crash abandoned', async () => {
    const competitionId = await harness.competition()
    const { userId, token } = await harness.user()
    const body = submission(competitionId)
    const answers = await Promise.all([1, 2, 3].map(() => createIntent(body, token, 'key-race')))
    const made = answers.filter((answer) => answer.status === 200)
    expect(new Set(made.map(intentOf)).size).toBe(1)
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(409)

    await harness.knex('idempotency_keys').insert({
      scope: `create-payment-intent:${userId}`,
      key: 'key-crashed',
      response: null,
      created_at: harness.knex.raw("now() - interval '1 hour'"),
    })
    expect((await createIntent(body, token, 'key-crashed')).status).toBe(200)
  })
})

describe('the rules of an entry', () => {
  let competitionId: string
  let token: string
  beforeAll(async () => {
    competitionId = await harness.competition({ totalTickets: 12 })
    token = (await harness.user()).token
  })

  it.each([
    ['no answer', { skillQuestionAnswer: '' }, 'skillQuestionAnswer', entryMessages.selectAnswer],
    ['no entries', { numberOfEntries: 0 }, 'numberOfEntries', entryMessages.numberOfEntries],
    ['eleven entries', { numberOfEntries: 11 }, 'numberOfEntries', entryMessages.numberOfEntries],
    ['part of an entry', { numberOfEntries: 1.5 }, 'numberOfEntries', entryMessages.numberOfEntries],
    ['terms not agreed', { agreedToTerms: false }, 'agreedToTerms', entryMessages.agreeTerms],
    ['no first name', { firstName: ' ' }, 'firstName', 'First name is required'],
    ['no address', { address: '' }, 'address', 'Address is required'],
    ['a bad email', { email: 'nope' }, 'email', 'Email must be valid'],
    [
      'an answer that is not an option',
      { skillQuestionAnswer: '22' },
      'skillQuestionAnswer',
      entryMessages.selectAnswer,
    ],
  ])('refuses %s with 400 naming the field', async (_, overrides, field, message) => {
    const answer = await createIntent(submission(competitionId, overrides), token)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect(answer.body.fieldErrors).toMatchObject({ [field]: [message] })
  })

  it('refuses a malformed body with 400, and a missing or garbled session with 401', async () => {
    expect(
      await harness.call('/api/entries/create-payment-intent', undefined, {
        token,
        raw: '{"competitionId":',
      }),
    ).toMatchObject({
      status: 400,
      body: { success: false, code: 'VALIDATION_FAILED' },
    })
    expect((await harness.call('/api/entries/confirm-payment', {}, { token })).status).toBe(400)
    for (const path of [
      '/api/entries/create-payment-intent',
      '/api/entries/confirm-payment',
      '/api/entries',
    ]) {
      expect(await harness.call(path, submission(competitionId))).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED' },
      })
      expect((await harness.call(path, submission(competitionId), { token: 'garbage' })).status).toBe(401)
    }
  })

  it('refuses more tickets than remain with the clear message', async () => {
    // Another user's 10; the caller's own reservation would be replaced, not added to.
    await createIntent(submission(competitionId, { numberOfEntries: 10 }), (await harness.user()).token)
    expect(await createIntent(submission(competitionId, { numberOfEntries: 3 }), token)).toMatchObject({
      status: 409,
      body: { success: false, code: 'NOT_ENOUGH_TICKETS', message: entryMessages.notEnoughTickets },
    })
    expect((await createIntent(submission(competitionId, { numberOfEntries: 2 }), token)).status).toBe(200)
  })

  it('refuses a competition that is not published, not started or already ended, and one that does not exist', async () => {
    const closedAnswer = {
      status: 409,
      body: { code: 'COMPETITION_NOT_ACTIVE', message: entryMessages.competitionNotActive },
    }
    const future = await harness.competition({ startDate: '2030-01-20T00:00:00.000Z' })
    expect(await createIntent(submission(future), token)).toMatchObject(closedAnswer)
    const live = await harness.competition()
    harness.clock.advance(30 * 24 * 60 * 60_000)
    try {
      // A fresh session: the fixtures' one has outlived its 7 days by then.
      expect(await createIntent(submission(live), (await harness.user()).token)).toMatchObject(closedAnswer)
    } finally {
      harness.clock.advance(-30 * 24 * 60 * 60_000)
    }
    const admin = { actor: { userId: 'admin-1', role: 'admin' as const }, now: harness.clock.now() }
    const draft = await createCompetition(harness.deps.handler, { details }, admin)
    expect(await createIntent(submission(draft.competitionId), token)).toMatchObject(closedAnswer)
    expect(await createIntent(submission(randomUUID()), token)).toMatchObject({
      status: 404,
      body: { code: 'COMPETITION_NOT_FOUND' },
    })
  })

  it('refuses a banned user, whose session has ended and whose account cannot enter', async () => {
    const banned = await harness.user()
    await banUser(harness.deps, { userId: banned.userId }, harness.context())
    expect((await createIntent(submission(competitionId), banned.token)).status).toBe(401)
    const request = {
      userId: banned.userId,
      submission: { ...submission(competitionId), agreedToTerms: true as const },
    }
    await expect(requestEntry(harness.deps, request, harness.context())).rejects.toThrow(AccountBanned)
  })
})
