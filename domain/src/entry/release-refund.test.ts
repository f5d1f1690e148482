import { describe, expect, it } from 'vitest'
import type { CompetitionCommand } from '../competition/decide'
import type { CompetitionEvent } from '../competition/events'
import { remainingTickets } from './state'
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
  release,
  reserved,
  run,
} from './test-fixtures'

const refund = (n: number): CompetitionCommand => ({
  type: 'RecordRefund',
  data: { competitionId, entryId: entryId(n), refundId: `re_${n}`, reason: 'requested_by_admin' },
  metadata: { now },
})

const refunded = (n: number, quantity: number): CompetitionEvent => ({
  type: 'EntryRefunded',
  data: {
    competitionId,
    entryId: entryId(n),
    amountPence: quantity * 250,
    paymentIntentId: intentId(n),
    refundId: `re_${n}`,
    reason: 'requested_by_admin',
  },
})

describe('ReleaseReservation', () => {
  it('releases an expired reservation, and a failed payment’s at once', () => {
    given(created(), published, reserved(1))
      .when(release(1))
      .thenEmits([
        { type: 'ReservationReleased', data: { competitionId, entryId: entryId(1), reason: 'expired' } },
      ])
    const { state } = run([release(1, 'payment_failed', now)], [created(), published, reserved(1)])
    expect(state.exists && state.entries.get(entryId(1))?.status).toBe('failed')
  })

  it('records nothing for an allocated or already released entry, nor before the expiry', () => {
    const history = [created(), published, reserved(1), reserved(2)]
    const { state } = run([allocate(1), release(1), release(2), release(2)], history)
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(state.entries.get(entryId(1))?.status).toBe('paid')
    expect(state.entries.get(entryId(2))?.status).toBe('released')
    given(...history)
      .when(release(2, 'expired', minutes(9)))
      .thenEmits([])
  })

  it('does not find an entry the competition never had', () => {
    given(created(), published).when(release(1)).thenFails({ code: 'ENTRY_NOT_FOUND' })
  })
})

describe('RecordRefund', () => {
  it('records the refund of a paid entry once', () => {
    const history = [created(), published, reserved(1, 2)]
    const once = run([allocate(1), refund(1), refund(1)], history)
    if (!once.state.exists) throw new Error('fixture: competition expected')
    expect(once.state.entries.get(entryId(1))).toMatchObject({ status: 'refunded', ticketNumbers: [1, 2] })
    const allocatedThenRefund = given(...history, ...decided(history, allocate(1)))
    allocatedThenRefund.when(refund(1)).thenEmits([refunded(1, 2)])
  })

  it('does not return refunded tickets to sale: their numbers are never given again', () => {
    const history = [created(), published, reserved(1, 10)]
    const { state } = run([allocate(1), refund(1)], history)
    if (!state.exists) throw new Error('fixture: competition expected')
    expect(remainingTickets(state, 20, now)).toBe(10)
    expect(state.tickets).toEqual({ allocated: 10, reserved: 0, nextNumber: 11 })
  })

  it('refunds a payment owed back, and refuses one that was never taken', () => {
    const owed: CompetitionEvent = {
      type: 'PaymentRefundDue',
      data: {
        competitionId,
        entryId: entryId(1),
        userId: 'u-1',
        amountPence: 250,
        paymentIntentId: intentId(1),
        reason: 'sold_out',
      },
    }
    given(created(), published, reserved(1), owed)
      .when(refund(1))
      .thenEmits([refunded(1, 1)])
    given(created(), published, reserved(1)).when(refund(1)).thenFails({ code: 'ENTRY_NOT_REFUNDABLE' })
  })
})

describe('RecordRefund while the entries are sealed for the draw', () => {
  const paid = [created(), published, reserved(1, 2)]
  const paidEvents = [...paid, ...decided(paid, allocate(1))]
  const closed: CompetitionEvent = {
    type: 'CompetitionClosed',
    data: {
      competitionId,
      reason: 'admin',
      seal: { eligibleTickets: 2, listHash: 'a'.repeat(64) },
      randomness: { source: 'drand', round: 5 },
    },
  }
  const started: CompetitionEvent = { type: 'DrawStarted', data: { competitionId } }
  const completed: CompetitionEvent = {
    type: 'DrawCompleted',
    data: {
      competitionId,
      seed: 'b'.repeat(64),
      publicRandomness: { source: 'drand', round: 5, value: 'c0ffee' },
      winningTicket: 1,
      winningEntryId: entryId(1),
      winnerUserId: 'u-1',
      attempts: 1,
    },
  }

  it.each([
    ['closed', [closed]],
    ['drawing', [closed, started]],
  ])('refuses a paid entry once the competition is %s: it could still be drawn', (status, lifecycle) => {
    given(...paidEvents, ...lifecycle)
      .when(refund(1))
      .thenFails({
        code: 'ENTRY_NOT_REFUNDABLE',
        message: expect.stringContaining(`the competition is ${status}`),
      })
  })

  it('refunds it again once the draw is complete', () => {
    given(...paidEvents, closed, started, completed)
      .when(refund(1))
      .thenEmits([refunded(1, 2)])
  })

  it('still refunds a payment owed back while closed: it never had tickets in the list', () => {
    const owed: CompetitionEvent = {
      type: 'PaymentRefundDue',
      data: {
        competitionId,
        entryId: entryId(2),
        userId: 'u-2',
        amountPence: 250,
        paymentIntentId: intentId(2),
        reason: 'competition_closed',
      },
    }
    given(...paidEvents, reserved(2), closed, owed)
      .when(refund(2))
      .thenEmits([refunded(2, 1)])
  })
})

function decided(history: CompetitionEvent[], command: CompetitionCommand): CompetitionEvent[] {
  return given(...history)
    .when(command)
    .decided()
}
