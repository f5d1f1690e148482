import type { AdminEntryDetails, AdminEntryRow, paymentStatuses } from '@prizes/contracts'
import type { CompetitionRow, EntryRow } from '@prizes/read-models'
import type { Knex } from 'knex'
import { penceToPounds } from '../competitions/mapper'
import { fullName, type Person } from '../users/directory'
import type { HistoryRow } from './history'

/**
 * The platform-wide admin entries list, details and export, from the entries read model. Every
 * read walks one of the `entries_admin_*` indexes (migration 0015) newest first, so a page or an
 * export batch reads its rows and no more; nothing counts every entry.
 */

type PaymentStatus = (typeof paymentStatuses)[number]

export type EntryListRow = Pick<
  EntryRow,
  | 'id'
  | 'user_id'
  | 'competition_id'
  | 'entry_reference'
  | 'quantity'
  | 'amount_pence'
  | 'payment_status'
  | 'status'
  | 'reserved_at'
  | 'paid_at'
  | 'entry_method'
> & {
  readonly competition_title: CompetitionRow['title'] | null
  readonly competition_status: CompetitionRow['status'] | null
  /** The sort key as Postgres prints it (microseconds kept), for the next batch's keyset. */
  readonly sort_at: string
}

export type EntryDetailsRow = EntryListRow &
  Pick<EntryRow, 'answer' | 'answer_correct' | 'ticket_numbers' | 'refunded_at' | 'refund_reason'>

export interface EntryFilters {
  readonly competitionId?: string | undefined
  readonly paymentStatus?: PaymentStatus | undefined
  /** An entry reference, matched exactly (any case). */
  readonly reference?: string | undefined
  /** The entrants a name or email search found (a subquery of user ids). */
  readonly people?: Knex.QueryBuilder | undefined
}

/** Where the next batch starts: after this entry in the list's order. */
export interface EntryCursor {
  readonly sortAt: string
  readonly id: string
}

const sortKey = 'coalesce(e.paid_at, e.reserved_at)'

/**
 * The entries the filters select, newest first. A search narrows the entries first (the
 * reference's unique index, the entrants' `entries_user_idx`); otherwise the list's order is an
 * index's order and Postgres stops after the page.
 */
function selected(knex: Knex, filters: EntryFilters) {
  const source = searched(knex, filters)
  const query = knex
    .from(source ? source.as('e') : 'entries as e')
    .leftJoin('competitions as c', 'c.id', 'e.competition_id')
  if (filters.competitionId !== undefined) query.where('e.competition_id', filters.competitionId)
  if (filters.paymentStatus !== undefined) query.where('e.payment_status', filters.paymentStatus)
  return query.orderByRaw(`${sortKey} desc, e.id desc`)
}

function searched(knex: Knex, filters: EntryFilters): Knex.QueryBuilder | undefined {
  if (filters.reference === undefined && filters.people === undefined) return undefined
  const byReference = knex('entries')
    .select('*')
    .where('entry_reference', filters.reference ?? null)
  if (filters.people === undefined) return byReference
  const byPerson = knex('entries').select('*').whereIn('user_id', filters.people)
  if (filters.reference === undefined) return byPerson
  return knex.select('*').from(byReference.union(byPerson).as('matched'))
}

const listColumns = [
  'e.id',
  'e.user_id',
  'e.competition_id',
  'e.entry_reference',
  'e.quantity',
  'e.amount_pence',
  'e.payment_status',
  'e.status',
  'e.reserved_at',
  'e.paid_at',
  'e.entry_method',
  'c.title as competition_title',
  'c.status as competition_status',
] as const

/** A page; one row more than asked says whether more follow. */
export function listEntries(
  knex: Knex,
  filters: EntryFilters,
  page: { readonly offset: number; readonly limit: number },
): Promise<EntryListRow[]> {
  return selected(knex, filters)
    .select(...listColumns, knex.raw(`${sortKey}::text as sort_at`))
    .offset(page.offset)
    .limit(page.limit)
}

/** The next `limit` entries after `after` (from the start without it): the export's batches. */
export function entriesAfter(
  knex: Knex,
  filters: EntryFilters,
  after: EntryCursor | undefined,
  limit: number,
): Promise<EntryListRow[]> {
  const query = selected(knex, filters).select(...listColumns, knex.raw(`${sortKey}::text as sort_at`))
  if (after) query.whereRaw(`(${sortKey}, e.id) < (?::timestamptz, ?)`, [after.sortAt, after.id])
  return query.limit(limit)
}

export function findEntry(knex: Knex, id: string): Promise<EntryDetailsRow | undefined> {
  return knex('entries as e')
    .leftJoin('competitions as c', 'c.id', 'e.competition_id')
    .where('e.id', id)
    .first<EntryDetailsRow | undefined>(
      ...listColumns,
      knex.raw(`${sortKey}::text as sort_at`),
      'e.answer',
      'e.answer_correct',
      'e.ticket_numbers',
      'e.refunded_at',
      'e.refund_reason',
    )
}

/** The most events one entry's history shows (it has a handful: reserved, paid, refunded). */
const entryHistoryLimit = 50

/** The entry's events of its competition's audit trail, oldest first (`entries_events_entry_idx`). */
export function entryHistory(knex: Knex, competitionId: string, entryId: string): Promise<HistoryRow[]> {
  return knex('competition_events')
    .where('competition_id', competitionId)
    .whereRaw(`data->>'entryId' = ?`, [entryId])
    .select('revision', 'type', 'data', 'occurred_at', 'actor', 'reason')
    .orderBy('revision')
    .limit(entryHistoryLimit)
}

/** SPEC section 3 "Entry (admin)" row; the name is null once the entrant is erased. */
export function toAdminEntryRow(row: EntryListRow, person: Person | undefined): AdminEntryRow {
  return {
    id: row.id,
    entry_reference: row.entry_reference,
    user_name: person ? fullName(person) : null,
    competition_id: row.competition_id,
    competition_title: row.competition_title ?? '',
    competition_status: row.competition_status,
    number_of_entries: row.quantity,
    total_cost: penceToPounds(row.amount_pence),
    payment_status:
      row.status === 'refund_pending' || row.status === 'disputed' ? row.status : row.payment_status,
    entry_date: (row.paid_at ?? row.reserved_at).toISOString(),
    entry_method: row.entry_method,
  }
}

export function toAdminEntryDetails(
  row: EntryDetailsRow,
  person: Person | undefined,
  history: AdminEntryDetails['history'],
): AdminEntryDetails {
  return {
    ...toAdminEntryRow(row, person),
    first_name: person?.firstName ?? '',
    last_name: person?.lastName ?? '',
    email: person?.email ?? '',
    phone: person?.phone ?? '',
    skill_question_answer: row.answer,
    answer_correct: row.answer_correct,
    userDetails: {
      id: row.user_id,
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      email: person?.email ?? '',
      phone: person?.phone ?? '',
      address: person?.address ?? '',
      erased: person === undefined,
    },
    ticket_numbers: [...row.ticket_numbers],
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
    refunded_at: row.refunded_at ? row.refunded_at.toISOString() : null,
    refund_reason: row.refund_reason,
    history,
  }
}
