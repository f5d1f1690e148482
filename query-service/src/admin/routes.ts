import Router from '@koa/router'
import { adminCompetitionEntriesPageSize, endpoints } from '@prizes/contracts'
import { authenticate, HttpError, requireAdmin, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { toAdminCompetition } from '../competitions/mapper'
import { findCompetition, listAdminCompetitions } from '../competitions/rows'
import { entriesCsv } from './csv'
import { pageOf, toAdminCompetitionEntry, toEntriesSummary } from './mapper'
import { allCompetitionEntries, competitionEntryTotals, listCompetitionEntries } from './rows'

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

  router.get(endpoints.adminListCompetitions.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const competitions = (await listAdminCompetitions(knex)).map(toAdminCompetition)
    sendPrivate(ctx, endpoints.adminListCompetitions.response.parse({ success: true, competitions }))
  })

  router.get(endpoints.adminCompetitionEntries.path, signedIn, async (ctx) => {
    const id = await competitionOf(ctx)
    const { page, offset, limit } = pageOf(ctx.query.page, adminCompetitionEntriesPageSize)
    const totals = await competitionEntryTotals(knex, id)
    const entries = (await listCompetitionEntries(knex, id, { offset, limit })).map(toAdminCompetitionEntry)
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
    const entries = (await allCompetitionEntries(knex, id)).map(toAdminCompetitionEntry)
    ctx.set(
      'Content-Disposition',
      `attachment; filename="competition-${id.replace(/[^\w-]/g, '_')}-entries.csv"`,
    )
    ctx.type = 'text/csv; charset=utf-8'
    sendPrivate(ctx, entriesCsv(entries))
  })

  return router
}
