import Router from '@koa/router'
import { adminCompetitionEntriesPageSize, competitionHistoryPageSize, endpoints } from '@prizes/contracts'
import { authenticate, HttpError, requireAdmin, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { toAdminCompetition } from '../competitions/mapper'
import { findCompetition, listAdminCompetitions } from '../competitions/rows'
import { lookUpPeople } from '../users/directory'
import { entriesCsv } from './csv'
import { actorUserId, toHistoryEntry } from './history'
import { pageOf, toAdminCompetitionEntry, toAdminWinner, toEntriesSummary } from './mapper'
import {
  type AdminEntryRow,
  allCompetitionEntries,
  competitionEntryTotals,
  competitionHistory,
  competitionHistoryLength,
  drawnWinners,
  listCompetitionEntries,
} from './rows'

export interface AdminRouteOptions {
  readonly knex: Knex
  readonly secret: Uint8Array
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

function sendPrivate(ctx: Koa.Context, body: unknown): void {
  ctx.set('Cache-Control', 'private, no-store')
  ctx.body = body
}

/** Admin-only reads: 401 without a session, 403 for a user who is not an admin. */
export function adminRouter({ knex, secret, sessions, clock }: AdminRouteOptions): Router {
  const router = new Router()
  const signedIn = authenticate({ secret, sessions, ...(clock ? { clock } : {}) })

  async function competitionOf(ctx: Koa.Context): Promise<string> {
    requireAdmin(ctx)
    const id = String(ctx.params.id)
    if (!(await findCompetition(knex, id))) {
      throw new HttpError(404, 'NOT_FOUND', 'No such competition')
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

  router.get(endpoints.adminListCompetitions.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const rows = await listAdminCompetitions(knex)
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
    sendPrivate(ctx, endpoints.adminListCompetitions.response.parse({ success: true, competitions }))
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
    const entries = await withPeople(await allCompetitionEntries(knex, id))
    ctx.set(
      'Content-Disposition',
      `attachment; filename="competition-${id.replace(/[^\w-]/g, '_')}-entries.csv"`,
    )
    ctx.type = 'text/csv; charset=utf-8'
    sendPrivate(ctx, entriesCsv(entries))
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

  return router
}
