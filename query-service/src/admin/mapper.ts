import type { AdminCompetitionEntry, CompetitionEntriesSummary } from '@prizes/contracts'
import { penceToPounds } from '../competitions/mapper'
import type { AdminEntryRow, EntryTotals } from './rows'

/**
 * SPEC section 3, competition entries listing. Names, emails and phones are encrypted in the
 * user streams and the query side holds no keys: they are null until a user directory exists.
 */
export function toAdminCompetitionEntry(row: AdminEntryRow): AdminCompetitionEntry {
  return {
    entryReference: row.entry_reference,
    userName: null,
    userEmail: null,
    userPhone: null,
    numberOfEntries: row.quantity,
    totalCost: penceToPounds(row.amount_pence),
    paymentStatus: row.payment_status,
    entryDate: (row.paid_at ?? row.reserved_at).toISOString(),
  }
}

export function toEntriesSummary(totals: EntryTotals): CompetitionEntriesSummary {
  return {
    total: totals.total,
    paid: totals.paid,
    pending: totals.pending,
    totalRevenue: penceToPounds(totals.revenuePence),
    totalTicketsSold: totals.ticketsSold,
  }
}

/** Page N (1-based) of `size`; anything that is not a positive whole number is page 1. */
export function pageOf(query: unknown, size: number): { page: number; offset: number; limit: number } {
  const parsed = typeof query === 'string' && /^\d{1,6}$/.test(query) ? Number(query) : 1
  const page = parsed >= 1 ? parsed : 1
  return { page, offset: (page - 1) * size, limit: size }
}
