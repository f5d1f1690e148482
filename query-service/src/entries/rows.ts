import type { CompetitionRow, EntryRow } from '@prizes/read-models'
import type { Knex } from 'knex'

/**
 * An entry of the `entries` read model joined with its competition: the competition's title and
 * end date come from its own row at read time, so a revision shows on every entry at once. The
 * competition's columns are null while the competitions model has not caught up with a new one.
 */
export type UserEntryRow = Pick<
  EntryRow,
  | 'id'
  | 'competition_id'
  | 'quantity'
  | 'amount_pence'
  | 'status'
  | 'entry_reference'
  | 'ticket_numbers'
  | 'reserved_at'
  | 'paid_at'
  | 'won_at'
  | 'entry_method'
  | 'answer_correct'
> & {
  readonly payment_status: Extract<EntryRow['payment_status'], 'paid' | 'refunded'>
  readonly competition_title: CompetitionRow['title'] | null
  readonly competition_end_date: CompetitionRow['end_date'] | null
  readonly competition_status: CompetitionRow['status'] | null
}

export interface UserEntryTotals {
  readonly tickets: number
  readonly spentPence: number
  readonly active: number
  readonly won: number
}

/** What the user sees: paid entries, and refunded ones so the dashboard can say so. */
const shownStatuses = ['paid', 'refunded'] as const

function joined(knex: Knex, userId: string) {
  return knex('entries as e')
    .leftJoin('competitions as c', 'c.id', 'e.competition_id')
    .where('e.user_id', userId)
}

/** The user's entries, newest first (by when they were paid, else reserved). */
export function listUserEntries(knex: Knex, userId: string): Promise<UserEntryRow[]> {
  return joined(knex, userId)
    .whereIn('e.payment_status', shownStatuses)
    .select(
      'e.id',
      'e.competition_id',
      'e.quantity',
      'e.amount_pence',
      'e.payment_status',
      'e.status',
      'e.entry_reference',
      'e.ticket_numbers',
      'e.reserved_at',
      'e.paid_at',
      'e.won_at',
      'e.entry_method',
      'e.answer_correct',
      'c.title as competition_title',
      'c.end_date as competition_end_date',
      'c.status as competition_status',
    )
    .orderByRaw('coalesce(e.paid_at, e.reserved_at) desc, e.id asc')
}

/** Totals over the user's paid entries (SPEC section 4, entry-to-stat rule). */
export async function userEntryTotals(knex: Knex, userId: string): Promise<UserEntryTotals> {
  const row = await joined(knex, userId)
    .where('e.payment_status', 'paid')
    .first<Record<'tickets' | 'spent' | 'active' | 'won', string | number | null> | undefined>(
      knex.raw('sum(e.quantity) as tickets'),
      knex.raw('sum(e.amount_pence) as spent'),
      knex.raw(`count(*) filter (where c.status = 'active') as active`),
      knex.raw('count(e.won_at) as won'),
    )
  return {
    tickets: Number(row?.tickets ?? 0),
    spentPence: Number(row?.spent ?? 0),
    active: Number(row?.active ?? 0),
    won: Number(row?.won ?? 0),
  }
}
