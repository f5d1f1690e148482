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
    paymentStatus: row.payment_status,
    entryReference: row.entry_reference,
    drawDate: row.competition_end_date ? row.competition_end_date.toISOString() : null,
    ticketNumbers: [...row.ticket_numbers],
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
