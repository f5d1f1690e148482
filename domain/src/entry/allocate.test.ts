import { describe, expect, it } from 'vitest'
import { type CompetitionCommand, decide } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import {
  allocate,
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

const allocated = (n: number, ticketNumbers: number[], answer = '4', at = now): CompetitionEvent => ({
  type: 'TicketsAllocated',
  data: {
    competitionId,
    entryId: entryId(n),
    userId: `u-${n}`,
    ticketNumbers,
    entryReference: `PRZ-2030-${String(n).padStart(6, '0')}`,
    answer,
    answerCorrect: answer === '4',
    amountPence: ticketNumbers.length * 250,
    paymentIntentId: intentId(n),
    allocatedAt: at.toISOString(),
  },
})

const released = (n: number, reason: 'expired' | 'payment_failed' = 'expired'): CompetitionEvent => ({
  type: 'ReservationReleased',
  data: { competitionId, entryId: entryId(n), reason },
})

const refundDue = (
  n: number,
  quantity: number,
  reason: 'sold_out' | 'competition_closed',
): CompetitionEvent => ({
  type: 'PaymentRefundDue',
  data: {
    competitionId,
    entryId: entryId(n),
    userId: `u-${n}`,
    amountPence: quantity * 250,
    paymentIntentId: intentId(n),
    reason,
  },
})

describe('AllocateTickets', () => {
  it('numbers a paid reservation’s tickets in sequence, after those already allocated', () => {
    given(created(), published, reserved(1, 2), allocated(1, [1, 2]), reserved(2, 3))
      .when(allocate(2))
      .thenEmits([allocated(2, [3, 4, 5])])
  })

  it('records a wrong answer with answerCorrect false, and still allocates', () => {
    const [event] = given(created(), published, reserved(1, 1, minutes(10), '5'))
      .when(allocate(1))
      .decided()
    expect(event).toMatchObject({ type: 'TicketsAllocated', data: { answer: '5', answerCorrect: false } })
  })

  it('is idempotent: an allocated entry records nothing and keeps its numbers and reference', () => {
    const history = [created(), published, reserved(1, 2), allocated(1, [1, 2])]
    given(...history)
      .when(allocate(1))
      .thenEmits([])
    const { state } = run([allocate(1), allocate(1)], history)
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(state.entries.get(entryId(1))).toMatchObject({
      status: 'paid',
      ticketNumbers: [1, 2],
      entryReference: 'PRZ-2030-000001',
    })
  })

  it('gives every ticket number once, however reservations and payments interleave', () => {
    const commands: CompetitionCommand[] = []
    for (let i = 1; i <= 12; i += 1) commands.push(reserve(i, i % 2 === 0 ? 2 : 1))
    for (let i = 12; i >= 1; i -= 1) commands.push(allocate(i), allocate(i))
    const { state, refusals } = run(commands, [created({ totalTickets: 18 }), published])
    if (!state.exists) throw new Error('fixture: competition expected')
    const numbers = [...state.entries.values()].flatMap((entry) => entry.ticketNumbers)
    expect(refusals).toEqual([])
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1))
    expect(state.tickets).toEqual({ allocated: 18, reserved: 0, nextNumber: 19 })
  })

  it('allocates a payment that arrives after its reservation expired, while tickets remain', () => {
    const late = minutes(30)
    given(created(), published, reserved(1, 2))
      .when(allocate(1, late))
      .thenEmits([allocated(1, [1, 2], '4', late)])
    given(created(), published, reserved(1, 2), released(1))
      .when(allocate(1, late))
      .thenEmits([allocated(1, [1, 2], '4', late)])
    given(created(), published, reserved(1, 2), released(1, 'payment_failed'))
      .when(allocate(1, late))
      .thenEmits([allocated(1, [1, 2], '4', late)])
  })

  it('owes a late payment back when its tickets were sold meanwhile', () => {
    const history = [
      created(),
      published,
      reserved(1, 2),
      released(1),
      reserved(2, 10, minutes(40)),
      reserved(3, 9, minutes(40)),
    ]
    given(...history)
      .when(allocate(1, minutes(30)))
      .thenEmits([refundDue(1, 2, 'sold_out')])
    // Owed back is final for allocation: asking again records nothing.
    given(...history, refundDue(1, 2, 'sold_out'))
      .when(allocate(1, minutes(31)))
      .thenEmits([])
  })

  it('with the card only authorised: allocates marked authorised, or voids when the tickets are gone', () => {
    const authorised = (n: number, at = now): CompetitionCommand => {
      const command = allocate(n, at)
      return command.type === 'AllocateTickets'
        ? { ...command, data: { ...command.data, authorised: true } }
        : command
    }
    const live = given(created(), published, reserved(1, 2))
    const [event] = live.when(authorised(1)).decided()
    expect(event).toEqual({
      ...allocated(1, [1, 2]),
      data: { ...allocated(1, [1, 2]).data, authorised: true },
    })
    const history = [
      created(),
      published,
      reserved(1, 2),
      released(1),
      reserved(2, 10, minutes(40)),
      reserved(3, 9, minutes(40)),
    ]
    const voidDue: CompetitionEvent = {
      ...refundDue(1, 2, 'sold_out'),
      type: 'PaymentVoidDue',
    } as CompetitionEvent
    given(...history)
      .when(authorised(1, minutes(30)))
      .thenEmits([voidDue])
    // Voided is final: a later confirmation (or a payment taken anyway) allocates nothing.
    const after = given(...history, voidDue)
    expect(after.state.exists && after.state.entries.get(entryId(1))?.status).toBe('voided')
    after.when(authorised(1, minutes(31))).thenEmits([])
    after.when(allocate(1, minutes(31))).thenEmits([])
  })

  it('holds a live reservation’s tickets for it, even when the rest are gone', () => {
    given(created(), published, reserved(1, 10), reserved(2, 10))
      .when(allocate(2))
      .thenEmits([
        allocated(
          2,
          Array.from({ length: 10 }, (_, i) => i + 1),
        ),
      ])
  })

  it('owes the money back when the competition no longer takes entries', () => {
    const closed = given(created(), published, reserved(1)).state
    if (!closed.exists) throw new Error('fixture: competition expected')
    const state = { ...closed, status: 'closed' as const }
    expect(decide(allocate(1), state)).toEqual([refundDue(1, 1, 'competition_closed')])
  })

  it('does not find an unknown entry, nor an entry paid by another intent', () => {
    given(created(), published).when(allocate(1)).thenFails({ code: 'ENTRY_NOT_FOUND' })
    const wrongIntent: CompetitionCommand = {
      type: 'AllocateTickets',
      data: {
        competitionId,
        entryId: entryId(1),
        entryReference: 'PRZ-2030-000001',
        paymentIntentId: 'pi_other',
      },
      metadata: allocate(1).metadata,
    }
    given(created(), published, reserved(1)).when(wrongIntent).thenFails({ code: 'ENTRY_NOT_FOUND' })
  })

  it('refuses a free entry whose tickets are gone instead of owing money nobody paid', () => {
    const free = (n: number, quantity: number, expiresAt = minutes(10)): CompetitionEvent => ({
      type: 'TicketsReserved',
      data: {
        competitionId,
        entryId: entryId(n),
        userId: `u-${n}`,
        quantity,
        amountPence: 0,
        paymentIntentId: null,
        answer: '4',
        expiresAt: expiresAt.toISOString(),
      },
    })
    const history = [
      created({ entryPricePence: 0 }),
      published,
      free(1, 5),
      free(2, 10, minutes(40)),
      free(3, 10, minutes(40)),
    ]
    given(...history)
      .when(allocate(1, minutes(11)))
      .thenFails({ code: 'NOT_ENOUGH_TICKETS' })
    expect(
      given(...history)
        .when(allocate(1))
        .decided(),
    ).toMatchObject([
      { type: 'TicketsAllocated', data: { ticketNumbers: [1, 2, 3, 4, 5], paymentIntentId: null } },
    ])
  })
})
