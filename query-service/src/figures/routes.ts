import Router from '@koa/router'
import { endpoints, type SuccessFigures } from '@prizes/contracts'
import type { Knex } from 'knex'
import { sendJsonWithEtag } from '../http/etag'
import { createReadLimit, defaultReadLimit, type ReadLimitOptions } from '../http/read-limit'

/** How long one reading of the figures serves every request of this instance. */
export const successFiguresTtlMs = 5000

/**
 * Members from the platform totals' one row (kept by the stats projection); winners and the
 * value of their prizes from the draws, one row per completed draw (a handful a week, never an
 * entry), without the deleted competitions as the winners list does.
 */
async function readFigures(knex: Knex): Promise<SuccessFigures> {
  const [totals, draws] = await Promise.all([
    knex('stats_totals').where({ id: 1 }).first<{ verified: number } | undefined>('verified'),
    knex('draws as d')
      .join('competitions as c', 'c.id', 'd.competition_id')
      .whereNull('c.deleted_at')
      .first<{ winners: string | number; prizes: string | number }>(
        knex.raw('count(*) as winners'),
        knex.raw('coalesce(sum(c.prize_value_pence), 0) as prizes'),
      ),
  ])
  return {
    success: true,
    members: Math.max(0, Number(totals?.verified ?? 0)),
    winners: Number(draws?.winners ?? 0),
    prizesWonPence: Number(draws?.prizes ?? 0),
  }
}

/**
 * Public: the home page's success figures. One reading serves every request for a few seconds
 * (concurrent misses share it), so a flood of visitors costs the database one query per instance
 * per `successFiguresTtlMs`, whatever the number of entries; each address is limited as the
 * winners list is.
 */
export function successFiguresRouter(
  knex: Knex,
  clock: () => Date = () => new Date(),
  limit: ReadLimitOptions = defaultReadLimit,
): Router {
  const router = new Router()
  let cached: { figures: SuccessFigures; until: number } | undefined
  let reading: Promise<SuccessFigures> | undefined
  router.get(endpoints.successFigures.path, createReadLimit(limit), async (ctx) => {
    const now = clock().getTime()
    if (!cached || cached.until <= now) {
      reading ??= readFigures(knex).finally(() => {
        reading = undefined
      })
      cached = { figures: await reading, until: now + successFiguresTtlMs }
    }
    sendJsonWithEtag(ctx, endpoints.successFigures.response.parse(cached.figures))
  })
  return router
}
