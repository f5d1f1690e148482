import Router from '@koa/router'
import { endpoints, Refusal, userErrorCodes } from '@prizes/contracts'
import { requireAdmin } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { sendPrivate } from '../http/private'
import { lookUpPeople } from '../users/directory'
import { actorUserId, toHistoryActor } from './history'
import { spendingAlertThreshold, summaryOf } from './responsible-play'
import { findUser } from './users'

/** The newest changes shown: a user changes their limit rarely, and each change is one row. */
const historyLimit = 50

/** Oversight reads: the spending alert threshold with its changes, and a user's limit and break changes. */
export function responsiblePlayRouter(options: {
  readonly knex: Knex
  readonly signedIn: Koa.Middleware
}): Router {
  const { knex, signedIn } = options
  const router = new Router()

  router.get(endpoints.adminSpendingAlert.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const [thresholdPence, rows] = await Promise.all([
      spendingAlertThreshold(knex),
      knex('spending_alert_changes').orderBy('revision', 'desc').limit(10).select<
        {
          revision: string
          threshold_pence: number
          occurred_at: Date
          actor: unknown
          reason: string | null
        }[]
      >(),
    ])
    const people = await lookUpPeople(
      knex,
      rows.map((row) => actorUserId(row.actor)).filter((id) => id !== undefined),
    )
    const changes = rows.map((row) => ({
      revision: Number(row.revision),
      occurredAt: row.occurred_at.toISOString(),
      actor: toHistoryActor(row.actor, people),
      reason: row.reason,
      thresholdPence: row.threshold_pence,
    }))
    sendPrivate(ctx, endpoints.adminSpendingAlert.response.parse({ success: true, thresholdPence, changes }))
  })

  router.get(endpoints.adminResponsiblePlayOfUser.path, signedIn, async (ctx) => {
    requireAdmin(ctx)
    const id = String(ctx.params.id)
    if (!(await findUser(knex, id))) throw new Refusal(userErrorCodes.userNotFound, 'User not found')
    const rows = await knex('responsible_play_changes')
      .where({ user_id: id })
      .orderBy('revision', 'desc')
      .limit(historyLimit)
      .select<{ revision: string; type: string; occurred_at: Date; actor: unknown; data: unknown }[]>()
    const people = await lookUpPeople(
      knex,
      rows.map((row) => actorUserId(row.actor)).filter((uid) => uid !== undefined),
    )
    const changes = rows.map((row) => ({
      revision: Number(row.revision),
      type: row.type,
      occurredAt: row.occurred_at.toISOString(),
      actor: toHistoryActor(row.actor, people),
      summary: summaryOf(row.type, row.data),
    }))
    sendPrivate(ctx, endpoints.adminResponsiblePlayOfUser.response.parse({ success: true, changes }))
  })

  return router
}
