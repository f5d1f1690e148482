import { entryMessages } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultReservationLimits } from './rate-limits'
import { type Answer, type EntriesHarness, startEntriesHarness, submission } from './test-harness'

/**
 * Finding 1 of issue 10: a guest held all 20 tickets of a competition with two
 * create-payment-intent calls of 10 and no payment, so honest buyers were refused.
 */

let harness: EntriesHarness
beforeAll(async () => {
  harness = await startEntriesHarness('entries_hoarding')
})
afterAll(() => harness.close())

const minutes = (n: number) => n * 60_000

const createIntent = (competitionId: string, token: string, numberOfEntries: number) =>
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

async function reservations(competitionId: string) {
  return (await harness.events(competitionId)).filter((event) => event.type === 'TicketsReserved')
}

describe('a guest asking twice for 10 of 20 tickets', () => {
  it('holds 10, not 20: the honest buyer still gets the other 10', async () => {
    const competitionId = await harness.competition({ totalTickets: 20 })
    const hoarder = await harness.user()
    const first = await createIntent(competitionId, hoarder.token, 10)
    const second = await createIntent(competitionId, hoarder.token, 10)
    expect([first.status, second.status]).toEqual([200, 200])

    const honest = await harness.user()
    const bought = await createIntent(competitionId, honest.token, 10)
    expect(bought.status).toBe(200)
    await harness.pay(intentOf(bought))
    expect((await confirm(intentOf(bought), honest.token)).body).toMatchObject({
      success: true,
      entry: { numberOfEntries: 10, ticketNumbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    })

    // The first attempt was given up in the same append as the second, and its intent cancelled.
    const released = (await harness.events(competitionId)).filter((e) => e.type === 'ReservationReleased')
    expect(released).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'replaced' }) }),
    ])
    expect((await harness.payments.retrieveIntent(intentOf(first))).status).toBe('canceled')
    expect((await harness.payments.retrieveIntent(intentOf(second))).status).toBe('requires_payment_method')
  })

  it('cannot keep the tickets by asking again: the hold ends when the first one would have', async () => {
    const competitionId = await harness.competition({ totalTickets: 20 })
    const hoarder = await harness.user()
    const started = harness.clock.now().getTime()
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await createIntent(competitionId, hoarder.token, 10)).status).toBe(200)
        harness.clock.advance(minutes(4))
      }
      const expiries = (await reservations(competitionId)).map((event) => event.data.expiresAt)
      expect(new Set(expiries)).toEqual(new Set([new Date(started + minutes(10)).toISOString()]))
      // Minute 12: the hold has lapsed, so all 20 are for sale to someone else.
      const honest = await harness.user()
      expect((await createIntent(competitionId, honest.token, 10)).status).toBe(200)
      const other = await harness.user()
      expect((await createIntent(competitionId, other.token, 10)).status).toBe(200)
    } finally {
      harness.clock.advance(-(harness.clock.now().getTime() - started))
    }
  })

  it('allocates a payment that got through on the replaced intent while tickets remain, else voids it', async () => {
    const roomy = await harness.competition({ totalTickets: 30 })
    const full = await harness.competition({ totalTickets: 20 })
    for (const [competitionId, outcome] of [
      [roomy, 'allocated'],
      [full, 'voided'],
    ] as const) {
      const buyer = await harness.user()
      const paidFirst = intentOf(await createIntent(competitionId, buyer.token, 10))
      await harness.pay(paidFirst)
      // Asked again before the confirmation arrived: the paid attempt's tickets are given back.
      expect((await createIntent(competitionId, buyer.token, 10)).status).toBe(200)
      expect((await harness.payments.retrieveIntent(paidFirst)).status).toBe('requires_capture')
      // Authorised, not cancelled: confirm-payment allocates and captures it, or voids it.
      const other = await harness.user()
      expect((await createIntent(competitionId, other.token, 10)).status).toBe(200)

      const confirmed = await confirm(paidFirst, buyer.token)
      if (outcome === 'allocated') {
        expect(confirmed).toMatchObject({ status: 200, body: { entry: { numberOfEntries: 10 } } })
      } else {
        expect(confirmed).toMatchObject({ status: 409, body: { code: 'NOT_ENOUGH_TICKETS' } })
        expect(confirmed.body.message).toBe(
          `${entryMessages.notEnoughTickets}. Your card has not been charged.`,
        )
        const types = (await harness.events(competitionId)).map((event) => event.type)
        expect(types).toContain('PaymentVoidDue')
        expect(types).not.toContain('PaymentRefundDue')
        expect(await harness.payments.chargesOf(paidFirst)).toBe(0)
      }
    }
  })
})

describe('reservation limits per user and per address', () => {
  let limited: EntriesHarness
  beforeAll(async () => {
    limited = await startEntriesHarness('entries_reserve_limits', {
      reservationLimits: defaultReservationLimits,
    })
  })
  afterAll(() => limited.close())

  const ask = (competitionId: string, token: string) =>
    limited.call('/api/entries/create-payment-intent', submission(competitionId, { numberOfEntries: 1 }), {
      token,
    })

  it('refuses an eleventh ask in an hour from one user, and a thirty-first from one address, with 429', async () => {
    const competitionId = await limited.competition({ totalTickets: 1000 })
    const users = await Promise.all([limited.user(), limited.user(), limited.user(), limited.user()])
    const [first, ...others] = users
    if (!first) throw new Error('fixture: users expected')
    for (let i = 0; i < 10; i += 1) expect((await ask(competitionId, first.token)).status).toBe(200)
    const eleventh = await ask(competitionId, first.token)
    expect(eleventh).toMatchObject({
      status: 429,
      body: {
        success: false,
        code: 'RATE_LIMITED',
        message: 'Too many payment attempts. Please wait 60 minutes before trying to enter again.',
      },
    })

    // The eleventh counted against the address too: 19 more from two others reach 30.
    const [second, third, fourth] = others
    if (!second || !third || !fourth) throw new Error('fixture: users expected')
    for (let i = 0; i < 10; i += 1) expect((await ask(competitionId, second.token)).status).toBe(200)
    for (let i = 0; i < 9; i += 1) expect((await ask(competitionId, third.token)).status).toBe(200)
    expect((await ask(competitionId, fourth.token)).status).toBe(429)

    limited.clock.advance(minutes(60))
    expect((await ask(competitionId, fourth.token)).status).toBe(200)
  })
})
