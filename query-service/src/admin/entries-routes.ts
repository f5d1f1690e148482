import { Readable } from 'node:stream'
import Router from '@koa/router'
import { adminEntriesPageSize, adminEntriesQuery, adminEntryMessages, endpoints } from '@prizes/contracts'
import { authenticate, HttpError, parseOr400, requireAdmin, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { sendPrivate } from '../http/private'
import { lookUpPeople, type Person } from '../users/directory'
import { entriesCsvHeaderLine, entriesCsvLine } from './csv'
import {
  type EntryCursor,
  type EntryFilters,
  entriesAfter,
  entryHistory,
  findEntry,
  listEntries,
  toAdminEntryDetails,
  toAdminEntryRow,
} from './entries'
import { actorUserId, toHistoryEntry } from './history'
import { pageOf, toAdminCompetitionEntry } from './mapper'
import { searchMatches, userSearchKey } from './users'

export interface AdminEntriesRouteOptions {
  readonly knex: Knex
  readonly secret: Uint8Array
  readonly sessions: SessionStore
  readonly clock?: () => Date
  /** Rows read (and people looked up) per export batch. */
  readonly exportBatchSize?: number
}

/** How an entry reference looks (`PRZ-2030-000042`, see the domain's `entryReferencePattern`). */
const referencePattern = /^[A-Z][A-Z0-9]{1,9}-\d{4}-\d{6,}$/

/** How many entrants one export keeps opened between batches: bounded, so memory stays flat. */
const recentPeopleLimit = 20_000

/**
 * The people of an export's batches: a repeat entrant is opened once while recent, not once per
 * entry. The oldest are forgotten past `recentPeopleLimit`; an erased user is remembered as absent.
 */
function recentPeople(knex: Knex) {
  const recent = new Map<string, Person | null>()
  return {
    async lookUp(userIds: readonly string[]): Promise<Map<string, Person>> {
      const wanted = [...new Set(userIds)]
      const found = await lookUpPeople(
        knex,
        wanted.filter((userId) => !recent.has(userId)),
      )
      const batch = new Map<string, Person>()
      for (const userId of wanted) {
        const person = recent.has(userId) ? recent.get(userId) : (found.get(userId) ?? null)
        if (person) batch.set(userId, person)
        recent.delete(userId)
        recent.set(userId, person ?? null)
      }
      for (const userId of recent.keys()) {
        if (recent.size <= recentPeopleLimit) break
        recent.delete(userId)
      }
      return batch
    },
  }
}

/** The export's file name: the day it was taken (UTC). */
export const entriesExportFileName = (now: Date) => `entries-${now.toISOString().slice(0, 10)}.csv`

/**
 * SPEC section 2 "Entries": the platform-wide list (15 a page, newest first; competition,
 * payment status and a search by entry reference or by the entrant's name or email), an entry's
 * details, and the CSV export, streamed in keyset batches so that any number of entries export
 * in constant memory. Admin only: 401 without a session, 403 for a user.
 */
export function adminEntriesRouter(options: AdminEntriesRouteOptions): Router {
  const { knex, secret, sessions, clock } = options
  const now = clock ?? (() => new Date())
  const batchSize = options.exportBatchSize ?? 1000
  const router = new Router()
  const signedIn = authenticate({ secret, sessions, ...(clock ? { clock } : {}) })

  const searchKeyOf = userSearchKey(knex)

  async function filtersOf(ctx: Koa.Context): Promise<EntryFilters & { page?: string | undefined }> {
    const query = parseOr400(adminEntriesQuery, ctx.query)
    const filters = { page: query.page, competitionId: query.competition, paymentStatus: query.paymentStatus }
    const search = query.search?.trim() ?? ''
    if (search === '') return filters
    const reference = search.toUpperCase()
    const people = searchMatches(knex, await searchKeyOf(), search)
    return {
      ...filters,
      // A search that reads as an entry reference is matched as one, and as words of a name too;
      // a search of nothing either holds matches the empty reference: nothing.
      ...(referencePattern.test(reference) || !people ? { reference } : {}),
      ...(people ? { people } : {}),
    }
  }

  router.get(endpoints.adminListEntries.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const filters = await filtersOf(ctx)
    const { page, offset, limit } = pageOf(filters.page, adminEntriesPageSize)
    const rows = await listEntries(knex, filters, { offset, limit: limit + 1 })
    const shown = rows.slice(0, limit)
    const people = await lookUpPeople(
      knex,
      shown.map((row) => row.user_id),
    )
    const body = {
      success: true,
      entries: shown.map((row) => toAdminEntryRow(row, people.get(row.user_id))),
      page,
      pageSize: adminEntriesPageSize,
      hasMore: rows.length > limit,
    }
    sendPrivate(ctx, endpoints.adminListEntries.response.parse(body))
  })

  /** SPEC section 9's columns, a batch at a time: the rows are never all in memory. */
  router.get(endpoints.adminExportEntries.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const filters = await filtersOf(ctx)
    const known = recentPeople(knex)
    async function* lines(): AsyncGenerator<string> {
      yield entriesCsvHeaderLine()
      let after: EntryCursor | undefined
      let number = 0
      for (;;) {
        const rows = await entriesAfter(knex, filters, after, batchSize)
        if (rows.length === 0) return
        const people = await known.lookUp(rows.map((row) => row.user_id))
        let chunk = ''
        for (const row of rows) {
          number += 1
          chunk += entriesCsvLine(toAdminCompetitionEntry(row, people.get(row.user_id)), number)
        }
        yield chunk
        const last = rows.at(-1)
        if (!last || rows.length < batchSize) return
        after = { sortAt: last.sort_at, id: last.id }
      }
    }
    ctx.set('Content-Disposition', `attachment; filename="${entriesExportFileName(now())}"`)
    ctx.type = 'text/csv; charset=utf-8'
    sendPrivate(ctx, Readable.from(lines(), { objectMode: false }))
  })

  router.get(endpoints.adminGetEntry.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const id = String(ctx.params.id)
    const row = await findEntry(knex, id)
    if (!row) throw new HttpError(404, 'ENTRY_NOT_FOUND', adminEntryMessages.notFound)
    const events = await entryHistory(knex, row.competition_id, id)
    const people = await lookUpPeople(knex, [
      row.user_id,
      ...events.map((event) => actorUserId(event.actor)).filter((userId) => userId !== undefined),
    ])
    const history = events.map((event) => toHistoryEntry(event, people))
    const entry = toAdminEntryDetails(row, people.get(row.user_id), history)
    sendPrivate(ctx, endpoints.adminGetEntry.response.parse({ success: true, entry }))
  })

  return router
}
