import Router from '@koa/router'
import {
  adminCompetitionEntriesPageSize,
  adminCompetitionsPageSize,
  adminCompetitionsQuery,
  adminUsersPageSize,
  adminUsersQuery,
  competitionHistoryPageSize,
  endpoints,
  errorCodes,
  Refusal,
  userErrorCodes,
} from '@prizes/contracts'
import { authenticate, parseOr400, requireAdmin, type SessionKeys, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { toAdminCompetition } from '../competitions/mapper'
import { findCompetition, listAdminCompetitions } from '../competitions/rows'
import { sendPrivate } from '../http/private'
import { lookUpPeople } from '../users/directory'
import { platformAnalytics } from './analytics'
import { entriesCsvStream } from './entries-export'
import { actorUserId, toHistoryEntry } from './history'
import { pageOf, toAdminCompetitionEntry, toAdminWinner, toEntriesSummary } from './mapper'
import { responsiblePlayOf } from './responsible-play'
import { responsiblePlayRouter } from './responsible-play-routes'
import {
  type AdminEntryRow,
  competitionEntryTotals,
  competitionHistory,
  competitionHistoryLength,
  drawnWinners,
  listCompetitionEntries,
} from './rows'
import { platformStats } from './stats'
import {
  findUser,
  listUsers,
  searchMatches,
  toAdminUserDetails,
  toAdminUserRow,
  userSearchKey,
  userTotals,
} from './users'

export interface AdminRouteOptions {
  readonly knex: Knex
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

/** Admin-only reads: 401 without a session, 403 for a user who is not an admin. */
export function adminRouter({ knex, secret, sessions, clock }: AdminRouteOptions): Router {
  const router = new Router()
  const signedIn = authenticate({ secret, sessions, ...(clock ? { clock } : {}) })
  const now = clock ?? (() => new Date())

  async function competitionOf(ctx: Koa.Context): Promise<string> {
    requireAdmin(ctx)
    const id = String(ctx.params.id)
    if (!(await findCompetition(knex, id))) {
      throw new Refusal(errorCodes.notFound, 'No such competition')
    }
    return id
  }

  /** The entries with their entrants' names, emails and phones (null for the erased). */
  async function withPeople(rows: readonly AdminEntryRow[]) {
    const people = await lookUpPeople(
      knex,
      rows.map((row) => row.user_id),
    )
    return rows.map((row) => toAdminCompetitionEntry(row, people.get(row.user_id)))
  }

  router.get(endpoints.adminStats.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const stats = await platformStats(knex, (clock ?? (() => new Date()))())
    sendPrivate(ctx, endpoints.adminStats.response.parse({ success: true, stats }))
  })

  router.get(endpoints.adminAnalytics.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const analytics = await platformAnalytics(knex, (clock ?? (() => new Date()))())
    sendPrivate(ctx, endpoints.adminAnalytics.response.parse({ success: true, analytics }))
  })

  /** SPEC section 9: 10 a page, searched by title; winners are looked up for the page's rows only. */
  router.get(endpoints.adminListCompetitions.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const query = parseOr400(adminCompetitionsQuery, ctx.query)
    const { page, offset, limit } = pageOf(query.page, adminCompetitionsPageSize)
    const search = query.search?.trim()
    // One row past the page says whether a next page exists, without counting every competition.
    const found = await listAdminCompetitions(knex, search ? { search } : {}, { offset, limit: limit + 1 })
    const rows = found.slice(0, limit)
    const drawn = await drawnWinners(
      knex,
      rows.filter((row) => row.status === 'completed').map((row) => row.id),
    )
    const people = await lookUpPeople(
      knex,
      drawn.map((row) => row.winner_user_id),
    )
    const winners = new Map(
      drawn.map((row) => [row.competition_id, toAdminWinner(row, people.get(row.winner_user_id))]),
    )
    const competitions = rows.map((row) => ({
      ...toAdminCompetition(row),
      winner: winners.get(row.id) ?? null,
    }))
    const body = {
      success: true,
      competitions,
      page,
      pageSize: adminCompetitionsPageSize,
      hasMore: found.length > limit,
    }
    sendPrivate(ctx, endpoints.adminListCompetitions.response.parse(body))
  })

  router.get(endpoints.adminCompetitionEntries.path, signedIn, async (ctx) => {
    const id = await competitionOf(ctx)
    const { page, offset, limit } = pageOf(ctx.query.page, adminCompetitionEntriesPageSize)
    const totals = await competitionEntryTotals(knex, id)
    const entries = await withPeople(await listCompetitionEntries(knex, id, { offset, limit }))
    const body = {
      success: true,
      entries,
      summary: toEntriesSummary(totals),
      page,
      pageSize: adminCompetitionEntriesPageSize,
      totalPages: Math.ceil(totals.total / adminCompetitionEntriesPageSize),
    }
    sendPrivate(ctx, endpoints.adminCompetitionEntries.response.parse(body))
  })

  router.get(endpoints.adminExportCompetitionEntries.path, signedIn, async (ctx) => {
    const id = await competitionOf(ctx)
    ctx.set(
      'Content-Disposition',
      `attachment; filename="competition-${id.replace(/[^\w-]/g, '_')}-entries.csv"`,
    )
    ctx.type = 'text/csv; charset=utf-8'
    // Streamed in batches like the platform-wide export: a competition may have 100,000 entries.
    sendPrivate(ctx, entriesCsvStream(knex, { competitionId: id }))
  })

  /** The audit trail, a page at a time: every event of the competition, who did it, when and why. */
  router.get(endpoints.adminCompetitionHistory.path, signedIn, async (ctx) => {
    const id = await competitionOf(ctx)
    const { page, offset, limit } = pageOf(ctx.query.page, competitionHistoryPageSize)
    const [rows, total] = await Promise.all([
      competitionHistory(knex, id, { offset, limit }),
      competitionHistoryLength(knex, id),
    ])
    const people = await lookUpPeople(
      knex,
      rows.map((row) => actorUserId(row.actor)).filter((userId) => userId !== undefined),
    )
    const body = {
      success: true,
      competitionId: id,
      events: rows.map((row) => toHistoryEntry(row, people)),
      page,
      pageSize: competitionHistoryPageSize,
      total,
      totalPages: Math.ceil(total / competitionHistoryPageSize),
    }
    sendPrivate(ctx, endpoints.adminCompetitionHistory.response.parse(body))
  })

  const searchKeyOf = userSearchKey(knex)

  /** SPEC section 2 "Users": 10 a page, newest first; search over name or email; role, verified, banned. */
  router.get(endpoints.adminListUsers.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const query = parseOr400(adminUsersQuery, ctx.query)
    const { page, offset, limit } = pageOf(query.page, adminUsersPageSize)
    const matching = query.search ? searchMatches(knex, await searchKeyOf(), query.search) : undefined
    const filters = {
      ...(query.role ? { role: query.role } : {}),
      ...(query.verified ? { verified: query.verified === 'true' } : {}),
      ...(query.banned ? { banned: query.banned === 'true' } : {}),
      ...(matching ? { matching } : {}),
    }
    const rows = await listUsers(knex, filters, { offset, limit: limit + 1 })
    const shown = rows.slice(0, limit)
    const ids = shown.map((row) => row.user_id)
    const [people, totals, play] = await Promise.all([
      lookUpPeople(knex, ids),
      userTotals(knex, ids),
      responsiblePlayOf(knex, ids, now()),
    ])
    const body = {
      success: true,
      users: shown.map((row) => ({
        ...toAdminUserRow(row, people.get(row.user_id), totals.get(row.user_id)),
        responsible_play: play.get(row.user_id),
      })),
      page,
      pageSize: adminUsersPageSize,
      hasMore: rows.length > limit,
    }
    sendPrivate(ctx, endpoints.adminListUsers.response.parse(body))
  })

  router.get(endpoints.adminGetUser.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const id = String(ctx.params.id)
    const row = await findUser(knex, id)
    if (!row) throw new Refusal(userErrorCodes.userNotFound, 'User not found')
    const [people, totals, play] = await Promise.all([
      lookUpPeople(knex, [id]),
      userTotals(knex, [id]),
      responsiblePlayOf(knex, [id], now(), { listCapped: true }),
    ])
    const user = {
      ...toAdminUserDetails(row, people.get(id), totals.get(id)),
      responsible_play: play.get(id),
    }
    sendPrivate(ctx, endpoints.adminGetUser.response.parse({ success: true, user }))
  })

  const playRoutes = responsiblePlayRouter({ knex, signedIn })
  router.use(playRoutes.routes())

  return router
}
