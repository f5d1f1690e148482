import { setup, transition } from 'xstate'

/**
 * An entry's payment lifecycle. The decider runs it only through the pure `nextPaymentStatus`
 * (no live actor on the server), so every move an entry makes is one the machine allows.
 *
 * Beyond the happy path (reserved → paid → refunded) a card payment can outlive its
 * reservation: a reservation released because it expired (or its first attempt failed) may
 * still be paid, because the provider's intent stays payable. Such a late payment is allocated
 * when tickets remain (→ paid), otherwise the money is owed back (→ refundDue → refunded), or,
 * when the card was only authorised (manual capture), the authorisation is voided (→ voided).
 * An admin's refund of a paid entry is requested first (→ refundPending, off the draw list from
 * that moment), then recorded once the provider has given the money back (→ refunded).
 * The provider's own word counts too: a refund made at the provider is recorded (→ refunded), and
 * a chargeback opened by the entrant's bank disputes a paid entry (→ disputed, off the draw list)
 * until it closes: won, the entry is paid again; lost, the money went back (→ refunded).
 */
export const entryPaymentEventTypes = [
  'payment.succeeded',
  'payment.failed',
  'payment.unallocatable',
  'reservation.released',
  'refund.requested',
  'refund.recorded',
  'dispute.opened',
  'dispute.won',
  'payment.voidable',
] as const
export type EntryPaymentEventType = (typeof entryPaymentEventTypes)[number]
export type EntryPaymentEvent = { type: EntryPaymentEventType }

export const entryPaymentStatuses = [
  'reserved',
  'paid',
  'released',
  'failed',
  'refundDue',
  'refundPending',
  'refunded',
  'disputed',
  'voided',
] as const
export type EntryPaymentStatus = (typeof entryPaymentStatuses)[number]

/** A payment arrived for a reservation that no longer holds tickets: allocate, or owe it back. */
const latePayment = {
  'payment.succeeded': { target: 'paid' },
  'payment.unallocatable': { target: 'refundDue' },
  'payment.voidable': { target: 'voided' },
} as const

export const entryPaymentMachine = setup({
  types: { events: {} as EntryPaymentEvent },
}).createMachine({
  id: 'entryPayment',
  initial: 'reserved',
  states: {
    reserved: {
      on: {
        ...latePayment,
        'payment.failed': { target: 'failed' },
        'reservation.released': { target: 'released' },
      },
    },
    released: { on: latePayment },
    failed: { on: latePayment },
    paid: {
      on: {
        'refund.requested': { target: 'refundPending' },
        'refund.recorded': { target: 'refunded' },
        'dispute.opened': { target: 'disputed' },
      },
    },
    disputed: {
      on: { 'dispute.won': { target: 'paid' }, 'refund.recorded': { target: 'refunded' } },
    },
    refundPending: { on: { 'refund.recorded': { target: 'refunded' } } },
    refundDue: { on: { 'refund.recorded': { target: 'refunded' } } },
    refunded: { type: 'final' },
    voided: { type: 'final' },
  },
})

function computeNext(
  status: EntryPaymentStatus,
  eventType: EntryPaymentEventType,
): EntryPaymentStatus | undefined {
  const snapshot = entryPaymentMachine.resolveState({ value: status, context: {} })
  if (!snapshot.can({ type: eventType })) return undefined
  const [next] = transition(entryPaymentMachine, snapshot, { type: eventType })
  return next.value
}

/**
 * Every move of the machine, worked out once when the module loads. Resolving a machine
 * snapshot per event cost more than everything else in folding a busy competition's stream.
 */
const moves: Readonly<
  Record<EntryPaymentStatus, Partial<Record<EntryPaymentEventType, EntryPaymentStatus>>>
> = Object.fromEntries(
  entryPaymentStatuses.map((status) => [
    status,
    Object.fromEntries(
      entryPaymentEventTypes.flatMap((eventType) => {
        const next = computeNext(status, eventType)
        return next === undefined ? [] : [[eventType, next]]
      }),
    ),
  ]),
) as Record<EntryPaymentStatus, Partial<Record<EntryPaymentEventType, EntryPaymentStatus>>>

/** The status after `eventType` from `status`, or undefined when the machine refuses it. */
export function nextPaymentStatus(
  status: EntryPaymentStatus,
  eventType: EntryPaymentEventType,
): EntryPaymentStatus | undefined {
  return moves[status][eventType]
}
