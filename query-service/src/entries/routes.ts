import Router from '@koa/router'
import { endpoints } from '@prizes/contracts'
import { authenticate, requireUser, type SessionKeys, type SessionStore } from '@prizes/platform'
import type { Knex } from 'knex'
import { sendPrivate } from '../http/private'
import { toEntryStats, toUserEntry } from './mapper'
import { listUserEntries, userEntryTotals } from './rows'

export interface EntriesRouteOptions {
  readonly knex: Knex
  readonly secret: SessionKeys
  readonly sessions: SessionStore
  readonly clock?: () => Date
}

/**
 * The signed-in user's entries and stats. The user id comes from the session only, so nobody
 * can ask for someone else's. Bodies go through the contract's schemas on their way out.
 */
export function entriesRouter({ knex, secret, sessions, clock }: EntriesRouteOptions): Router {
  const router = new Router()
  router.use(authenticate({ secret, sessions, ...(clock ? { clock } : {}) }))
  router.get(endpoints.listEntries.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const entries = (await listUserEntries(knex, userId)).map(toUserEntry)
    sendPrivate(ctx, endpoints.listEntries.response.parse({ success: true, entries }))
  })
  router.get(endpoints.entryStats.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const stats = toEntryStats(await userEntryTotals(knex, userId))
    sendPrivate(ctx, endpoints.entryStats.response.parse({ success: true, stats }))
  })
  return router
}
