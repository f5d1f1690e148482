import Router from '@koa/router'
import {
  adminEntriesPageSize,
  adminEntriesQuery,
  adminEntryMessages,
  endpoints,
  entryErrorCodes,
  Refusal,
} from '@prizes/contracts'
import { authenticate, parseOr400, requireAdmin, type SessionKeys, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { sendPrivate } from '../http/private'
import { lookUpPeople } from '../users/directory'
import {
  type EntryFilters,
  entryHistory,
  findEntry,
  listEntries,
  toAdminEntryDetails,
  toAdminEntryRow,
} from './entries'
import { defaultExportBatchSize, entriesCsvStream, entriesExportFileName } from './entries-export'
import { actorUserId, toHistoryEntry } from './history'
import { pageOf } from './mapper'
import { searchMatches, userSearchKey } from './users'

export interface AdminEntriesRouteOptions {
  readonly knex: Knex
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  readonly clock?: () => Date
  /** Rows read (and people looked up) per export batch. */
  readonly exportBatchSize?: number
}

/** How an entry reference looks (`PRZ-2030-000042`, see the domain's `entryReferencePattern`). */
const referencePattern = /^[A-Z][A-Z0-9]{1,9}-\d{4}-\d{6,}$/

/**
 * SPEC section 2 "Entries": the platform-wide list (15 a page, newest first; competition,
 * payment status and a search by entry reference or by the entrant's name or email), an entry's
 * details, and the CSV export, streamed in keyset batches so that any number of entries export
 * in constant memory. Admin only: 401 without a session, 403 for a user.
 */
export function adminEntriesRouter(options: AdminEntriesRouteOptions): Router {
  const { knex, secret, sessions, clock } = options
  const now = clock ?? (() => new Date())
  const batchSize = options.exportBatchSize ?? defaultExportBatchSize
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
    ctx.set('Content-Disposition', `attachment; filename="${entriesExportFileName(now())}"`)
    ctx.type = 'text/csv; charset=utf-8'
    sendPrivate(ctx, entriesCsvStream(knex, filters, batchSize))
  })

  router.get(endpoints.adminGetEntry.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const id = String(ctx.params.id)
    const row = await findEntry(knex, id)
    if (!row) throw new Refusal(entryErrorCodes.entryNotFound, adminEntryMessages.notFound)
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
