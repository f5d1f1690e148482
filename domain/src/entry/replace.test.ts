import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { heldTickets, remainingTickets, reservationOf } from './state'
import {
  competitionId,
  created,
  entryId,
  given,
  intentId,
  minutes,
  now,
  published,
  reserve,
  reserved,
  run,
} from './test-fixtures'

/** One user, `u-1`, asking again: entry `n` with its own intent, at `at`, for 10 minutes. */
const again = (n: number, quantity = 1, at = now): CompetitionCommand => {
  const command = reserve(n, quantity, { at })
  return { ...command, data: { ...command.data, userId: 'u-1' } }
}
const reservedAgain = (n: number, quantity = 1, expiresAt = minutes(10)): CompetitionEvent => {
  const event = reserved(n, quantity, expiresAt)
  if (event.type !== 'TicketsReserved') throw new Error('fixture: TicketsReserved expected')
  return { ...event, data: { ...event.data, userId: 'u-1' } }
}
const replaced = (n: number): CompetitionEvent => ({
  type: 'ReservationReleased',
  data: { competitionId, entryId: entryId(n), reason: 'replaced' },
})
const allocateAt = (n: number, at: Date): CompetitionCommand => ({
  type: 'AllocateTickets',
  data: { competitionId, entryId: entryId(n), entryReference: `PRZ-2030-${n}` },
  metadata: { now: at },
})

describe('one unpaid reservation per user and competition', () => {
  it('replaces the user’s reservation in the same append, keeping its expiry', () => {
    given(created(), published, reserved(1, 3))
      .when(again(2, 2, minutes(4)))
      .thenEmits([
        replaced(1),
        {
          type: 'TicketsReserved',
          data: {
            competitionId,
            entryId: entryId(2),
            userId: 'u-1',
            quantity: 2,
            amountPence: 500,
            paymentIntentId: intentId(2),
            answer: '4',
            // Asked at minute 4 for 10 minutes; the hold still ends when the first one did.
            expiresAt: minutes(10).toISOString(),
          },
        },
      ])
  })

  it('holds one purchase at most: two calls of 10 on 20 tickets leave 10 for everyone else', () => {
    const { state, refusals } = run([again(1, 10), again(2, 10), reserve(3, 10)], [created(), published])
    expect(refusals).toEqual([])
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(state.tickets.reserved).toBe(20)
    expect(heldTickets(state, now)).toBe(20)
    expect(reservationOf(state, 'u-1')?.entryId).toBe(entryId(2))
    expect(state.entries.get(entryId(1))?.status).toBe('released')
  })

  it('lets the user take their own held tickets again on a full competition', () => {
    const full = [created(), published, reserved(1, 10), reserved(2, 10)]
    given(...full)
      .when(reserve(3, 1))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS' })
    expect(
      given(...full)
        .when(again(4, 10, minutes(1)))
        .decided(),
    ).toHaveLength(2)
  })

  it('never holds past the first expiry, however often it is replaced', () => {
    const commands = Array.from({ length: 9 }, (_, i) => again(i + 1, 10, minutes(i)))
    const { state, refusals } = run(commands, [created(), published])
    expect(refusals).toEqual([])
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(reservationOf(state, 'u-1')?.expiresAt).toBe(minutes(10).toISOString())
    expect(remainingTickets(state, 20, minutes(9))).toBe(10)
    expect(remainingTickets(state, 20, minutes(10))).toBe(20)
  })

  it('starts a new hold, with its own expiry, once the old one has lapsed', () => {
    const [release, reservation] = given(created(), published, reserved(1, 10))
      .when(again(2, 10, minutes(11)))
      .decided()
    expect(release).toEqual(replaced(1))
    expect(reservation).toMatchObject({ data: { expiresAt: minutes(21).toISOString() } })
  })

  it('leaves a paid entry, another user’s reservation and a released one alone', () => {
    const paid: CompetitionEvent[] = [reserved(1, 2)]
    const history = [created(), published, ...paid]
    const [allocation] = given(...history)
      .when(allocateAt(1, now))
      .decided()
    if (!allocation) throw new Error('fixture: allocation expected')
    const afterPayment = [...history, allocation, reserved(5, 1)]
    expect(
      given(...afterPayment)
        .when(again(2))
        .decided(),
    ).toEqual([expect.objectContaining({ type: 'TicketsReserved' })])
    const lapsed = {
      type: 'ReservationReleased',
      data: { competitionId, entryId: entryId(1), reason: 'expired' },
    }
    expect(
      given(created(), published, reserved(1), lapsed as CompetitionEvent)
        .when(again(2))
        .decided(),
    ).toEqual([expect.objectContaining({ type: 'TicketsReserved' })])
  })

  it('refuses as a whole: a replacement that does not fit keeps the old reservation', () => {
    // Others hold 13 of the 20: the user's own 5 count as theirs, so 7 remain for them, not 10.
    given(created(), published, reserved(1, 5), reserved(2, 10), reserved(4, 3))
      .when(again(3, 10, minutes(1)))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS', remaining: 7 })
  })

  it('quotes the user’s own held tickets as theirs to take again', () => {
    const quote = (userId: string): CompetitionCommand => ({
      type: 'QuoteEntry',
      data: { competitionId, userId, quantity: 10, answer: '4' },
      metadata: { now },
    })
    const full = [created(), published, reserved(1, 10), reserved(2, 10)]
    given(...full)
      .when(quote('u-1'))
      .thenEmits([])
    given(...full)
      .when(quote('u-3'))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS' })
  })

  it('allocates a payment on the replaced intent while tickets remain, else owes it back', () => {
    const history = [created(), published, reserved(1, 5), replaced(1), reservedAgain(2, 5)]
    expect(
      given(...history)
        .when(allocateAt(1, minutes(1)))
        .decided(),
    ).toEqual([
      expect.objectContaining({
        type: 'TicketsAllocated',
        data: expect.objectContaining({ entryId: entryId(1) }),
      }),
    ])
    const soldOut = [...history, reserved(3, 10), reserved(4, 1)]
    expect(
      given(...soldOut)
        .when(allocateAt(1, minutes(1)))
        .decided(),
    ).toEqual([
      expect.objectContaining({
        type: 'PaymentRefundDue',
        data: expect.objectContaining({ reason: 'sold_out' }),
      }),
    ])
  })
})
