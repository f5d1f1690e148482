import type { AdminUserRow, AdminUsersQuery } from '@prizes/contracts'
import { hashesOfSearchWord, platformSecret, searchWordsOf, userSearchSecret } from '@prizes/platform'
import type { UserRow } from '@prizes/read-models'
import type { Knex } from 'knex'
import { penceToPounds } from '../competitions/mapper'
import type { Person } from '../users/directory'

/**
 * The admin users list and details, from the users read model (one row per account, personal
 * fields encrypted) and the entries read model. A page is one indexed query on `users` (newest
 * first; `users_admin_list_idx`) and one on `entries` for the page's ten ids
 * (`entries_user_idx`); nothing counts or decrypts every user.
 */

export type UserListRow = Pick<
  UserRow,
  'user_id' | 'role' | 'email_verified' | 'banned' | 'marketing_emails' | 'registered_at'
>

export interface UserTotals {
  readonly tickets: number
  readonly spentPence: number
  readonly lastEntryAt: Date | null
}

const listColumns = [
  'user_id',
  'role',
  'email_verified',
  'banned',
  'marketing_emails',
  'registered_at',
] as const

export interface UserFilters {
  readonly role?: AdminUsersQuery['role']
  readonly verified?: boolean
  readonly banned?: boolean
  /** Only the accounts of this subquery (a search's matches). */
  readonly matching?: Knex.QueryBuilder
}

/** A page of accounts not erased, newest first; one row more than asked says whether more follow. */
export function listUsers(
  knex: Knex,
  filters: UserFilters,
  page: { readonly offset: number; readonly limit: number },
): Promise<UserListRow[]> {
  const query = knex('users')
    .select(...listColumns)
    .whereNull('erased_at')
  if (filters.role !== undefined) query.where('role', filters.role)
  if (filters.verified !== undefined) query.where('email_verified', filters.verified)
  if (filters.banned !== undefined) query.where('banned', filters.banned)
  if (filters.matching !== undefined) query.whereIn('user_id', filters.matching)
  return query
    .orderBy([
      { column: 'registered_at', order: 'desc' },
      { column: 'user_id', order: 'asc' },
    ])
    .offset(page.offset)
    .limit(page.limit)
}

export function findUser(knex: Knex, userId: string): Promise<UserListRow | undefined> {
  return knex('users')
    .where('user_id', userId)
    .whereNull('erased_at')
    .first<UserListRow | undefined>(...listColumns)
}

/** Paid entries only: tickets bought, money spent and the last payment, per user. */
export async function userTotals(knex: Knex, userIds: readonly string[]): Promise<Map<string, UserTotals>> {
  const totals = new Map<string, UserTotals>()
  if (userIds.length === 0) return totals
  const rows = await knex('entries')
    .whereIn('user_id', userIds)
    .where('payment_status', 'paid')
    .groupBy('user_id')
    .select<{ user_id: string; tickets: string | number; spent: string | number; last: Date | null }[]>(
      'user_id',
      knex.raw('sum(quantity) as tickets'),
      knex.raw('sum(amount_pence) as spent'),
      knex.raw('max(coalesce(paid_at, reserved_at)) as last'),
    )
  for (const row of rows) {
    totals.set(row.user_id, {
      tickets: Number(row.tickets),
      spentPence: Number(row.spent),
      lastEntryAt: row.last,
    })
  }
  return totals
}

const none: UserTotals = { tickets: 0, spentPence: 0, lastEntryAt: null }

/** SPEC section 3 "Admin list row"; a user whose key is gone shows empty personal fields. */
export function toAdminUserRow(
  row: UserListRow,
  person: Person | undefined,
  totals: UserTotals = none,
): AdminUserRow {
  return {
    id: row.user_id,
    first_name: person?.firstName ?? '',
    last_name: person?.lastName ?? '',
    email: person?.email ?? '',
    role: row.role,
    isAdmin: row.role === 'admin',
    phone: person?.phone ?? '',
    total_entries: totals.tickets,
    total_spent: penceToPounds(totals.spentPence),
    email_verified: row.email_verified,
    banned: row.banned,
    created_at: row.registered_at.toISOString(),
    marketing_emails: row.marketing_emails,
  }
}

export function toAdminUserDetails(row: UserListRow, person: Person | undefined, totals: UserTotals = none) {
  return {
    ...toAdminUserRow(row, person, totals),
    address: person?.address ?? '',
    last_entry_date: totals.lastEntryAt ? totals.lastEntryAt.toISOString() : null,
    winner_name_shown_as: person?.winnerNameHidden ? ('place' as const) : ('name' as const),
  }
}

/**
 * The blind index's key, read once and then kept (created by whichever side needs it first); a
 * failed read is tried again by the next search.
 */
export function userSearchKey(knex: Knex): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined
  return () => {
    key ??= platformSecret(knex, userSearchSecret).catch((error: unknown) => {
      key = undefined
      throw error
    })
    return key
  }
}

/**
 * The accounts every word of the search finds (as a prefix of a name word or of the email), as a
 * subquery over the blind index; `users_admin_list_idx` then pages through them.
 */
export function searchMatches(knex: Knex, key: Uint8Array, search: string): Knex.QueryBuilder | undefined {
  const words = searchWordsOf(search)
  if (words.length === 0) return undefined
  const [first, ...rest] = words.map((word) =>
    knex('user_search_terms').distinct('user_id').whereIn('term', hashesOfSearchWord(key, word)),
  )
  if (!first) return undefined
  return rest.length === 0 ? first : first.intersect(rest)
}
