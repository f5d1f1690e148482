import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  type EntryPaymentEventType,
  type EntryPaymentStatus,
  entryPaymentEventTypes,
  entryPaymentMachine,
  entryPaymentStatuses,
  nextPaymentStatus,
} from './payment.machine'

/** Every allowed move, by hand; anything absent is refused. */
const allowed: Record<EntryPaymentStatus, Partial<Record<EntryPaymentEventType, EntryPaymentStatus>>> = {
  reserved: {
    'payment.succeeded': 'paid',
    'payment.unallocatable': 'refundDue',
    'payment.voidable': 'voided',
    'payment.failed': 'failed',
    'reservation.released': 'released',
  },
  released: {
    'payment.succeeded': 'paid',
    'payment.unallocatable': 'refundDue',
    'payment.voidable': 'voided',
  },
  failed: { 'payment.succeeded': 'paid', 'payment.unallocatable': 'refundDue', 'payment.voidable': 'voided' },
  voided: {},
  paid: { 'refund.requested': 'refundPending', 'refund.recorded': 'refunded', 'dispute.opened': 'disputed' },
  disputed: { 'dispute.won': 'paid', 'refund.recorded': 'refunded' },
  refundPending: { 'refund.recorded': 'refunded' },
  refundDue: { 'refund.recorded': 'refunded' },
  refunded: {},
}

const everyPair = entryPaymentStatuses.flatMap((from) =>
  entryPaymentEventTypes.map((event) => ({ from, event, to: allowed[from][event] })),
)

describe('entry payment machine', () => {
  it.each(everyPair)('$from --$event--> $to', ({ from, event, to }) => {
    expect(nextPaymentStatus(from, event)).toBe(to)
  })

  it('runs reserved → paid → refunded as a live actor and ends there', () => {
    const actor = createActor(entryPaymentMachine).start()
    actor.send({ type: 'payment.succeeded' })
    actor.send({ type: 'payment.failed' })
    actor.send({ type: 'refund.recorded' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'refunded', status: 'done' })
  })

  it('lets a released reservation still be paid late, or owed back', () => {
    const actor = createActor(entryPaymentMachine).start()
    actor.send({ type: 'reservation.released' })
    actor.send({ type: 'payment.unallocatable' })
    expect(actor.getSnapshot().value).toBe('refundDue')
  })
})
