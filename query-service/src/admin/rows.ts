import type { Knex } from 'knex'

/** An entry of one competition as the admin lists it. */
export interface AdminEntryRow {
  readonly id: string
  readonly user_id: string
  readonly entry_reference: string | null
  readonly quantity: number
  readonly amount_pence: number
  readonly payment_status: 'pending' | 'paid' | 'failed' | 'refunded'
  readonly reserved_at: Date
  readonly paid_at: Date | null
}

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
  'reserved_at',
  'paid_at',
] as const

/** Every entry of the competition, newest first (paid, else reserved); the id keeps pages stable. */
function ofCompetition(knex: Knex, competitionId: string) {
  return knex<AdminEntryRow>('entries')
    .select(...columns)
    .where('competition_id', competitionId)
    .orderByRaw('coalesce(paid_at, reserved_at) desc, id asc')
}

export function listCompetitionEntries(
  knex: Knex,
  competitionId: string,
  page: { readonly offset: number; readonly limit: number },
): Promise<AdminEntryRow[]> {
  return ofCompetition(knex, competitionId).offset(page.offset).limit(page.limit)
}

export function allCompetitionEntries(knex: Knex, competitionId: string): Promise<AdminEntryRow[]> {
  return ofCompetition(knex, competitionId)
}

/** Counts over all the competition's entries; revenue and tickets over the paid ones. */
export async function competitionEntryTotals(knex: Knex, competitionId: string): Promise<EntryTotals> {
  const row = await knex('entries')
    .where('competition_id', competitionId)
    .first<Record<'total' | 'paid' | 'pending' | 'revenue' | 'tickets', string | number | null> | undefined>(
      knex.raw('count(*) as total'),
      knex.raw(`count(*) filter (where payment_status = 'paid') as paid`),
      knex.raw(`count(*) filter (where payment_status = 'pending') as pending`),
      knex.raw(`sum(amount_pence) filter (where payment_status = 'paid') as revenue`),
      knex.raw(`sum(quantity) filter (where payment_status = 'paid') as tickets`),
    )
  return {
    total: Number(row?.total ?? 0),
    paid: Number(row?.paid ?? 0),
    pending: Number(row?.pending ?? 0),
    revenuePence: Number(row?.revenue ?? 0),
    ticketsSold: Number(row?.tickets ?? 0),
  }
}
