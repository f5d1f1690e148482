import type { AdminCompetitionEntry, AdminWinner, CompetitionEntriesSummary } from '@prizes/contracts'
import { penceToPounds } from '../competitions/mapper'
import { fullName, type Person } from '../users/directory'
import type { AdminEntryRow, DrawnWinnerRow, EntryTotals } from './rows'

/**
 * SPEC section 3, competition entries listing. The entrant's name, email and phone are null
 * once they are erased (`person` absent).
 */
export function toAdminCompetitionEntry(
  row: AdminEntryRow,
  person: Person | undefined,
): AdminCompetitionEntry {
  return {
    entryReference: row.entry_reference,
    userName: person ? fullName(person) : null,
    userEmail: person?.email ?? null,
    userPhone: person?.phone || null,
    numberOfEntries: row.quantity,
    totalCost: penceToPounds(row.amount_pence),
    paymentStatus: row.payment_status,
    entryDate: (row.paid_at ?? row.reserved_at).toISOString(),
    entryMethod: row.entry_method,
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

/** The drawn winner for "view winner"; personal fields are null once the winner is erased. */
export function toAdminWinner(row: DrawnWinnerRow, person: Person | undefined): AdminWinner {
  return {
    ticket_number: row.winning_ticket,
    entry_reference: row.entry_reference,
    user_id: row.winner_user_id,
    name: person ? fullName(person) : null,
    email: person?.email ?? null,
    phone: person?.phone || null,
  }
}
