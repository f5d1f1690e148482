import type { UserEntry } from '@prizes/contracts'
import { penceToPounds } from '../competitions/mapper'
import type { UserEntryRow, UserEntryTotals } from './rows'

type EntryStatus = UserEntry['status']

/**
 * The entry's state as the dashboard labels it: a refunded entry or a cancelled competition is
 * cancelled, the drawn entry has won, the others in a completed competition have been drawn;
 * until then the entry is active.
 */
export function entryStatusOf(
  row: Pick<UserEntryRow, 'payment_status' | 'competition_status' | 'won_at'>,
): EntryStatus {
  if (row.payment_status === 'refunded' || row.competition_status === 'cancelled') return 'cancelled'
  if (row.won_at !== null) return 'won'
  if (row.competition_status === 'completed') return 'drawn'
  return 'active'
}

/** Competitions whose entries are final: only then may an entrant learn whether they are in the draw. */
const closedStatuses = new Set(['closed', 'drawing', 'completed'])

/**
 * In the draw or not (a wrong answer): said once the competition has closed, never before, so
 * the answer's correctness cannot be learnt while entries are still open. Refunded entries and
 * cancelled competitions have no draw to be in.
 */
export function drawStatusOf(
  row: Pick<UserEntryRow, 'payment_status' | 'competition_status' | 'answer_correct'> & { status?: string },
): UserEntry['drawStatus'] {
  if (row.payment_status !== 'paid' || !closedStatuses.has(row.competition_status ?? '')) return null
  // A chargeback open: whether the sealed list holds it depends on when it opened; say nothing.
  if (row.status === 'disputed') return null
  if (row.answer_correct === null) return null
  return row.answer_correct ? 'in_draw' : 'not_in_draw'
}

/** SPEC section 3 "Entry (user view)": money in pounds, dates as ISO strings. */
export function toUserEntry(row: UserEntryRow): UserEntry {
  const status = entryStatusOf(row)
  return {
    id: row.id,
    competitionId: row.competition_id,
    competitionTitle: row.competition_title ?? '',
    numberOfEntries: row.quantity,
    totalCost: penceToPounds(row.amount_pence),
    entryDate: (row.paid_at ?? row.reserved_at).toISOString(),
    status,
    entryStatus: status,
    paymentStatus: row.status === 'disputed' ? 'disputed' : row.payment_status,
    entryReference: row.entry_reference,
    drawDate: row.competition_end_date ? row.competition_end_date.toISOString() : null,
    ticketNumbers: [...row.ticket_numbers],
    entryMethod: row.entry_method,
    drawStatus: drawStatusOf(row),
  }
}

export function toEntryStats(totals: UserEntryTotals) {
  return {
    totalTicketsPurchased: totals.tickets,
    totalSpent: penceToPounds(totals.spentPence),
    activeEntries: totals.active,
    wonPrizes: totals.won,
  }
}
