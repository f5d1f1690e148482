import { competitionEvents, type EntryEventType, entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { entriesTable } from '@prizes/read-models'
import { foldIntoFreshRows, foldIntoRows, onRow, type RowStep, stepsByType } from '../fold'
import { eventTime, type Projection } from '../projection'
import { entryRows, insertEntry, updateEntry, upsertEntry } from './sql'
import { competitionEntryTotalsTable, moveEntryTotals } from './totals'

const change = (event: RecordedEvent, entryId: string) => ({
  id: entryId,
  revision: event.revision,
  at: eventTime(event),
})

/**
 * The entries read model: one row per entry, for the user's dashboard and later the admin's
 * lists. Competition titles and dates are not copied here: readers join the competitions
 * model, so a revised title shows on every entry at once.
 */
const steps: { readonly [K in EntryEventType | 'DrawCompleted']?: (event: RecordedEvent) => RowStep } = {
  TicketsReserved: onRow(entryEvents.TicketsReserved, (event, data) =>
    insertEntry(change(event, data.entryId), {
      competition_id: data.competitionId,
      user_id: data.userId,
      quantity: data.quantity,
      amount_pence: data.amountPence,
      answer: data.answer,
      payment_intent_id: data.paymentIntentId,
      payment_status: 'pending',
      status: 'reserved',
      reserved_at: eventTime(event),
      expires_at: data.expiresAt,
    }),
  ),
  /** Released entries never held tickets and are not shown to their users. */
  ReservationReleased: onRow(entryEvents.ReservationReleased, (event, data) =>
    updateEntry(change(event, data.entryId), {
      payment_status: 'failed',
      status: 'released',
      release_reason: data.reason,
    }),
  ),
  TicketsAllocated: onRow(entryEvents.TicketsAllocated, (event, data) =>
    upsertEntry(change(event, data.entryId), {
      set: {
        quantity: data.ticketNumbers.length,
        amount_pence: data.amountPence,
        answer: data.answer,
        answer_correct: data.answerCorrect,
        ticket_numbers: data.ticketNumbers,
        entry_reference: data.entryReference,
        payment_intent_id: data.paymentIntentId,
        payment_status: 'paid',
        status: 'allocated',
        paid_at: eventTime(event),
      },
      insertOnly: {
        competition_id: data.competitionId,
        user_id: data.userId,
        reserved_at: eventTime(event),
      },
    }),
  ),
  /** A free entry by post: its one ticket, no money, and the day the envelope arrived. */
  PostalEntryRecorded: onRow(entryEvents.PostalEntryRecorded, (event, data) =>
    insertEntry(change(event, data.entryId), {
      competition_id: data.competitionId,
      user_id: data.userId,
      quantity: data.ticketNumbers.length,
      amount_pence: 0,
      answer: data.answer,
      answer_correct: data.answerCorrect,
      ticket_numbers: data.ticketNumbers,
      entry_reference: data.entryReference,
      payment_status: 'paid',
      status: 'allocated',
      reserved_at: eventTime(event),
      paid_at: eventTime(event),
      entry_method: 'postal',
      received_at: data.receivedAt,
    }),
  ),
  /** Money taken when no tickets could be given: shown as refunded, the refund follows. */
  PaymentRefundDue: onRow(entryEvents.PaymentRefundDue, (event, data) =>
    updateEntry(change(event, data.entryId), {
      payment_status: 'refunded',
      status: 'refund_due',
      refund_reason: data.reason,
    }),
  ),
  /** A card authorised too late for tickets: voided, nothing taken. */
  PaymentVoidDue: onRow(entryEvents.PaymentVoidDue, (event, data) =>
    updateEntry(change(event, data.entryId), { payment_status: 'failed', status: 'released' }),
  ),
  /**
   * An admin's refund on its way (the provider is being asked): shown as refunded to the entrant,
   * as a payment owed back is, and as pending to the admin until EntryRefunded.
   */
  EntryRefundRequested: onRow(entryEvents.EntryRefundRequested, (event, data) =>
    updateEntry(change(event, data.entryId), {
      payment_status: 'refunded',
      status: 'refund_pending',
      refund_reason: data.reason,
    }),
  ),
  /** The tickets stay on the row (numbers are never reused) but no longer count as paid. */
  EntryRefunded: onRow(entryEvents.EntryRefunded, (event, data) =>
    updateEntry(change(event, data.entryId), {
      payment_status: 'refunded',
      status: 'refunded',
      refund_reason: data.reason,
      refunded_at: eventTime(event),
    }),
  ),
  /** A chargeback opened: shown as disputed until it closes (the money stays paid meanwhile). */
  EntryDisputed: onRow(entryEvents.EntryDisputed, (event, data) =>
    updateEntry(change(event, data.entryId), { status: 'disputed' }),
  ),
  /** Won and reinstated: allocated again; lost: EntryRefunded follows; else it stays disputed. */
  EntryDisputeClosed: onRow(entryEvents.EntryDisputeClosed, (event, data) =>
    updateEntry(change(event, data.entryId), data.reinstated ? { status: 'allocated' } : {}),
  ),
  /** The winning entry; the draw is on the same stream, so the revision guard holds. */
  DrawCompleted: onRow(competitionEvents.DrawCompleted, (event, data) =>
    updateEntry(change(event, data.winningEntryId), { won_at: eventTime(event) }),
  ),
}

/** The entries table as `foldIntoRows` sees it, its competitions' counters moved with its rows. */
export const entryFold = { ...entryRows(stepsByType(steps)), changed: moveEntryTotals }

/**
 * Each page is folded into its rows in memory and written in two round trips (see `foldIntoRows`),
 * plus one for the per-competition counters the admin's entries dialog reads (`totals.ts`);
 * a rebuild keeps its rows in memory and reads nothing back (`foldIntoFreshRows`).
 */
export const entriesProjection: Projection = {
  name: 'entries',
  handles: Object.keys(steps),
  tables: [entriesTable, competitionEntryTotalsTable],
  apply: (trx, event) => foldIntoRows(trx, entryFold, [event]),
  applyBatch: (trx, events) => foldIntoRows(trx, entryFold, events),
  rebuildWriter: () => foldIntoFreshRows(entryFold),
}
