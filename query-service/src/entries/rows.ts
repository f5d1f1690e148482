import type { CompetitionStatus } from '@prizes/contracts'
import type { Knex } from 'knex'

/**
 * An entry of the `entries` read model joined with its competition, as this service reads it.
 * The projections package owns both tables; the competition's title and end date come from its
 * own row at read time, so a revision shows on every entry at once.
 */
export interface UserEntryRow {
  readonly id: string
  readonly competition_id: string
  readonly quantity: number
  readonly amount_pence: number
  readonly payment_status: 'paid' | 'refunded'
  /** The entries model's lifecycle: `disputed` while a chargeback is open. */
  readonly status: string
  readonly entry_reference: string | null
  readonly ticket_numbers: readonly number[]
  readonly reserved_at: Date
  readonly paid_at: Date | null
  /** When the draw picked this entry; null otherwise. */
  readonly won_at: Date | null
  readonly entry_method: 'online' | 'postal'
  /** Null until the entry is paid; read only to say, after the close, whether it is in the draw. */
  readonly answer_correct: boolean | null
  /** Null while the competitions model has not caught up with a brand-new competition. */
  readonly competition_title: string | null
  readonly competition_end_date: Date | null
  readonly competition_status: CompetitionStatus | null
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
