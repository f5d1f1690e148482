import type { DrawRow, EntryRow } from '@prizes/read-models'
import type { Knex } from 'knex'
import type { HistoryRow } from './history'

export interface EntryTotals {
  readonly total: number
  readonly paid: number
  readonly pending: number
  readonly revenuePence: number
  readonly ticketsSold: number
}

const columns = [
  'id',
  'user_id',
  'entry_reference',
  'quantity',
  'amount_pence',
  'payment_status',
  'entry_method',
  'reserved_at',
  'paid_at',
] as const

/** An entry of one competition as the admin lists it. */
export type AdminEntryRow = Pick<EntryRow, (typeof columns)[number]>

/**
 * Every entry of the competition, newest first (paid, else reserved); the id keeps pages stable.
 * The order is `entries_admin_competition_idx`'s, so a page is a walk along that index.
 */
function ofCompetition(knex: Knex, competitionId: string) {
  return knex<AdminEntryRow>('entries')
    .select(...columns)
    .where('competition_id', competitionId)
    .orderByRaw('coalesce(paid_at, reserved_at) desc, id desc')
}

export function listCompetitionEntries(
  knex: Knex,
  competitionId: string,
  page: { readonly offset: number; readonly limit: number },
): Promise<AdminEntryRow[]> {
  return ofCompetition(knex, competitionId).offset(page.offset).limit(page.limit)
}

/**
 * Counts over all the competition's entries, revenue and tickets over the paid ones: one row of
 * counters the entries projection moves with the entries themselves, not a count of every entry.
 */
export async function competitionEntryTotals(knex: Knex, competitionId: string): Promise<EntryTotals> {
  const row = await knex('competition_entry_totals')
    .where('competition_id', competitionId)
    .first<
      Record<'entries' | 'paid' | 'pending' | 'revenue_pence' | 'tickets_sold', string | number> | undefined
    >('entries', 'paid', 'pending', 'revenue_pence', 'tickets_sold')
  return {
    total: Number(row?.entries ?? 0),
    paid: Number(row?.paid ?? 0),
    pending: Number(row?.pending ?? 0),
    revenuePence: Number(row?.revenue_pence ?? 0),
    ticketsSold: Number(row?.tickets_sold ?? 0),
  }
}

/** A page of the competition stream's events, oldest first, with who caused each and why. */
export function competitionHistory(
  knex: Knex,
  competitionId: string,
  page: { readonly offset: number; readonly limit: number },
): Promise<HistoryRow[]> {
  return knex('competition_events')
    .where('competition_id', competitionId)
    .select('revision', 'type', 'data', 'occurred_at', 'actor', 'reason')
    .orderBy('revision')
    .offset(page.offset)
    .limit(page.limit)
}

/** How many events the competition's stream has: the counter the competition events projection keeps. */
export async function competitionHistoryLength(knex: Knex, competitionId: string): Promise<number> {
  const row = await knex('competition_event_counts')
    .where('competition_id', competitionId)
    .first<{ events: string | number } | undefined>('events')
  return Number(row?.events ?? 0)
}

/** The winning entry of each drawn competition among `competitionIds`. */
export type DrawnWinnerRow = Pick<DrawRow, 'competition_id' | 'winning_ticket' | 'winner_user_id'> &
  Pick<EntryRow, 'entry_reference'>

export function drawnWinners(knex: Knex, competitionIds: readonly string[]): Promise<DrawnWinnerRow[]> {
  return knex('draws as d')
    .leftJoin('entries as e', 'e.id', 'd.winning_entry_id')
    .whereIn('d.competition_id', competitionIds)
    .select('d.competition_id', 'd.winning_ticket', 'd.winner_user_id', 'e.entry_reference')
}
