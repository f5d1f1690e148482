import Router from '@koa/router'
import { endpoints, type ResponseOf, settingsHistoryPageSize } from '@prizes/contracts'
import { authenticate, requireAdmin, type SessionKeys, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import { actorUserId } from '../admin/history'
import { pageOf } from '../admin/mapper'
import { sendPrivate } from '../http/private'
import { lookUpPeople } from '../users/directory'
import { settingsHistoryPage, toSettingsHistoryEntry } from './rows'

export interface SettingsRouteOptions {
  readonly knex: Knex
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

/** The admin's settings history: every change, newest first, with who, when and why. */
export function settingsRouter({ knex, secret, sessions, clock }: SettingsRouteOptions): Router {
  const router = new Router()
  const signedIn = authenticate({ secret, sessions, ...(clock ? { clock } : {}) })
  router.get(endpoints.adminSettingsHistory.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const { page } = pageOf(ctx.query.page, settingsHistoryPageSize)
    const { rows, before, hasMore } = await settingsHistoryPage(knex, page)
    const people = await lookUpPeople(
      knex,
      rows.map((row) => actorUserId(row.actor)).filter((userId) => userId !== undefined),
    )
    const body: ResponseOf<'adminSettingsHistory'> = {
      success: true,
      changes: rows.map((row, index) => toSettingsHistoryEntry(row, rows[index + 1] ?? before, people)),
      page,
      pageSize: settingsHistoryPageSize,
      hasMore,
    }
    sendPrivate(ctx, body)
  })
  return router
}
