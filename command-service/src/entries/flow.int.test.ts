import { randomUUID } from 'node:crypto'
import { competitionStream, entryMessages } from '@prizes/contracts'
import { processingChecks, retrieveFailuresAfterCharge, testCards } from '@prizes/payments'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { details } from '../testing/fixtures'
import { captureAllocated } from './credit-card-limit'
import { releaseReservation } from './entries'
import { type Answer, type EntriesHarness, startEntriesHarness, submission } from './test-harness'

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('entries_flow')
})
afterAll(() => harness.close())

const createIntent = (competitionId: string, token: string, numberOfEntries = 1) =>
  harness.call('/api/entries/create-payment-intent', submission(competitionId, { numberOfEntries }), {
    token,
  })
const confirm = (paymentIntentId: string, token: string) =>
  harness.call('/api/entries/confirm-payment', { paymentIntentId }, { token })

function intentOf(answer: Answer): string {
  const id = answer.body.paymentIntentId
  if (typeof id !== 'string') throw new Error(`no paymentIntentId in ${JSON.stringify(answer.body)}`)
  return id
}

async function entryIdOf(paymentIntentId: string): Promise<string> {
  const { entryId } = (await harness.payments.retrieveIntent(paymentIntentId)).metadata
  if (entryId === undefined) throw new Error('intent without entryId')
  return entryId
}

/** The domain refuses free competitions at creation; one written by other means is still served. */
async function freeCompetition(): Promise<string> {
  const competitionId = randomUUID()
  await harness.store.append(
    competitionStream(competitionId),
    [
      {
        type: 'CompetitionCreated',
        data: { competitionId, details: { ...details, entryPricePence: 0 }, featured: false },
      },
      { type: 'CompetitionPublished', data: { competitionId } },
    ],
    { expectedRevision: 'noStream' },
  )
  return competitionId
}

const minutes = (n: number) => n * 60_000

describe('POST /api/entries', () => {
  it('answers the pending entry of a paid competition, its intent awaiting payment', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const answer = await harness.call('/api/entries', submission(competitionId, { numberOfEntries: 2 }), {
      token,
    })
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        entry: {
          competitionId,
          numberOfEntries: 2,
          totalCost: 5,
          paymentStatus: 'pending',
          entryReference: null,
          ticketNumbers: [],
        },
      },
    })
    const [reserved] = (await harness.events(competitionId)).filter((e) => e.type === 'TicketsReserved')
    expect(reserved?.data.paymentIntentId).toMatch(/^pi_offline_/)
  })

  it('allocates a free competition’s entry at once, and will not make an intent for it', async () => {
    const competitionId = await freeCompetition()
    const { token } = await harness.user()
    const answer = await harness.call('/api/entries', submission(competitionId, { numberOfEntries: 3 }), {
      token,
    })
    expect(answer).toMatchObject({
      status: 200,
      body: { entry: { paymentStatus: 'paid', totalCost: 0, ticketNumbers: [1, 2, 3] } },
    })
    expect((await createIntent(competitionId, token)).status).toBe(409)
    expect((await harness.events(competitionId)).filter((e) => e.type === 'TicketsReserved')).toHaveLength(1)
  })
})

describe('a payment that outlives its reservation', () => {
  it('is allocated when tickets remain, though the reactor released the reservation', async () => {
    const competitionId = await harness.competition({ totalTickets: 3 })
    const { token } = await harness.user()
    const paymentIntentId = intentOf(await createIntent(competitionId, token, 2))
    const entryId = await entryIdOf(paymentIntentId)
    harness.clock.advance(minutes(11))
    try {
      await releaseReservation(harness.deps, { competitionId, entryId, reason: 'expired' }, harness.context())
      await harness.pay(paymentIntentId)
      expect(await confirm(paymentIntentId, token)).toMatchObject({
        status: 200,
        body: { entry: { paymentStatus: 'paid', ticketNumbers: [1, 2] } },
      })
    } finally {
      harness.clock.advance(-minutes(11))
    }
  })

  it('is voided, never captured and refunded, when its tickets were sold meanwhile; the sale before it is captured once', async () => {
    const competitionId = await harness.competition({ totalTickets: 2 })
    const late = await harness.user()
    const lateIntent = intentOf(await createIntent(competitionId, late.token, 2))
    harness.clock.advance(minutes(11))
    try {
      const prompt = await harness.user()
      const promptIntent = intentOf(await createIntent(competitionId, prompt.token, 2))
      await harness.pay(promptIntent)
      expect((await confirm(promptIntent, prompt.token)).status).toBe(200)
      // Captured once, however often the capture step runs again.
      expect((await confirm(promptIntent, prompt.token)).status).toBe(200)
      await captureAllocated(harness.deps, promptIntent)
      expect(await harness.payments.chargesOf(promptIntent)).toBe(1)
      expect((await harness.payments.retrieveIntent(promptIntent)).status).toBe('succeeded')

      await harness.pay(lateIntent)
      const refused = await confirm(lateIntent, late.token)
      expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_ENOUGH_TICKETS' } })
      expect(refused.body.message).toContain(entryMessages.notEnoughTickets)
      expect(refused.body.message).toContain('not been charged')
      expect(await confirm(lateIntent, late.token)).toEqual(refused)

      expect((await harness.payments.retrieveIntent(lateIntent)).status).toBe('canceled')
      expect(await harness.payments.chargesOf(lateIntent)).toBe(0)
      expect(await harness.knex('offline_payment_refunds').where({ payment_intent_id: lateIntent })).toEqual(
        [],
      )
      const types = (await harness.events(competitionId)).map((e) => e.type)
      expect(types.filter((t) => t === 'PaymentVoidDue')).toHaveLength(1)
      expect(types.filter((t) => t === 'PaymentRefundDue')).toHaveLength(0)
      expect(types.filter((t) => t === 'TicketsAllocated')).toHaveLength(1)
    } finally {
      harness.clock.advance(-minutes(11))
    }
  })

  it('releases nothing once allocated', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const paymentIntentId = intentOf(await createIntent(competitionId, token))
    await harness.pay(paymentIntentId)
    await confirm(paymentIntentId, token)
    const entryId = await entryIdOf(paymentIntentId)
    const result = await releaseReservation(
      harness.deps,
      { competitionId, entryId, reason: 'expired' },
      harness.context(),
    )
    expect(result.events).toEqual([])
  })
})

describe('going back and changing the details', () => {
  it('gives the first attempt’s tickets back at once and cancels its intent', async () => {
    const competitionId = await harness.competition({ totalTickets: 3 })
    const { token } = await harness.user()
    const first = intentOf(await createIntent(competitionId, token, 3))
    // All three tickets are held: without the release the second attempt would find none.
    const second = await createIntent(competitionId, token, 2)
    expect(second.status).toBe(200)
    expect((await harness.payments.retrieveIntent(first)).status).toBe('canceled')
    const released = (await harness.events(competitionId)).filter((e) => e.type === 'ReservationReleased')
    expect(released).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ entryId: await entryIdOf(first), reason: 'replaced' }),
      }),
    ])
    // The first intent can no longer be paid; the second is paid and allocated.
    await expect(
      harness.payments.confirmWithTestCard(first, { cardNumber: '4242 4242 4242 4242', expiry: '12/40' }),
    ).rejects.toThrow(/This payment has expired/)
    const paid = intentOf(second)
    await harness.pay(paid)
    expect((await confirm(paid, token)).body).toMatchObject({ entry: { numberOfEntries: 2 } })
  })

  it('still allocates an attempt that was paid meanwhile, and leaves someone else’s alone', async () => {
    const competitionId = await harness.competition()
    const ada = await harness.user()
    const bob = await harness.user()
    const paid = intentOf(await createIntent(competitionId, ada.token, 1))
    await harness.pay(paid)
    const bobs = intentOf(await createIntent(competitionId, bob.token, 1))
    expect((await createIntent(competitionId, ada.token, 2)).status).toBe(200)
    expect((await harness.payments.retrieveIntent(paid)).status).toBe('requires_capture')
    // Authorised, not cancelled: confirm-payment captures it.
    expect((await harness.payments.retrieveIntent(bobs)).status).toBe('requires_payment_method')
    const released = (await harness.events(competitionId)).filter((e) => e.type === 'ReservationReleased')
    expect(released.map((e) => e.data.entryId)).toEqual([await entryIdOf(paid)])
    // The paid attempt's payment is allocated as a late payment, tickets remaining.
    expect((await confirm(paid, ada.token)).body).toMatchObject({ entry: { numberOfEntries: 1 } })
  })
})

describe('confirm-payment while the provider is not done', () => {
  it('answers 409 PAYMENT_PROCESSING for a processing payment, never a failure, then the entry once it succeeds', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const paymentIntentId = intentOf(await createIntent(competitionId, token, 2))
    expect(await harness.pay(paymentIntentId, testCards.processing)).toBe('processing')

    for (let check = 0; check < processingChecks; check++) {
      expect(await confirm(paymentIntentId, token)).toMatchObject({
        status: 409,
        body: { success: false, code: 'PAYMENT_PROCESSING', message: entryMessages.paymentProcessing },
      })
    }
    expect((await harness.events(competitionId)).some((e) => e.type === 'TicketsAllocated')).toBe(false)
    expect(await confirm(paymentIntentId, token)).toMatchObject({
      status: 200,
      body: { entry: { paymentStatus: 'paid', ticketNumbers: [1, 2] } },
    })
    expect(await harness.payments.chargesOf(paymentIntentId)).toBe(1)
  })

  it('answers 503 while the provider does not answer after the charge, and allocates once it does', async () => {
    const competitionId = await harness.competition()
    const { token } = await harness.user()
    const paymentIntentId = intentOf(await createIntent(competitionId, token, 1))
    expect(await harness.pay(paymentIntentId, testCards.confirmFailsOnce)).toBe('succeeded')

    for (let failure = 0; failure < retrieveFailuresAfterCharge; failure++) {
      const answer = await confirm(paymentIntentId, token)
      expect(answer).toMatchObject({ status: 503, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE' } })
    }
    const first = await confirm(paymentIntentId, token)
    expect(first).toMatchObject({
      status: 200,
      body: { entry: { paymentStatus: 'paid', ticketNumbers: [1] } },
    })
    expect(await confirm(paymentIntentId, token)).toEqual(first)
    const allocations = (await harness.events(competitionId)).filter((e) => e.type === 'TicketsAllocated')
    expect(allocations).toHaveLength(1)
    expect(await harness.payments.chargesOf(paymentIntentId)).toBe(1)
  })
})
