import Router from '@koa/router'
import { competitionErrorCodes, endpoints, Refusal } from '@prizes/contracts'
import { serviceUnavailable } from '@prizes/platform'
import type { Knex } from 'knex'
import { sendJsonWithEtag } from '../http/etag'
import type { LiveCompetitions } from '../live/live-competitions'
import { findCompetitionPage } from './page'
import { publicList } from './pages'
import { listFeaturedCompetitions, listPublicCompetitions } from './rows'

/** `live`: the process's streams; without them (a test of other reads) the stream answers 503. */
export function competitionsRouter(knex: Knex, live?: LiveCompetitions): Router {
  const router = new Router()
  router.get(endpoints.listCompetitions.path, async (ctx) => {
    sendJsonWithEtag(ctx, publicList(await listPublicCompetitions(knex, new Date())))
  })
  router.get(endpoints.listFeaturedCompetitions.path, async (ctx) => {
    sendJsonWithEtag(ctx, publicList(await listFeaturedCompetitions(knex)))
  })
  // Before `:id`, which would take `live` for an id.
  router.get(endpoints.competitionsLive.path, (ctx) => {
    if (!live) throw serviceUnavailable('Live updates are not available here.')
    if (ctx.method === 'HEAD') {
      ctx.type = 'text/event-stream'
      ctx.status = 200
      return
    }
    live.open(ctx.res, ctx.ip)
    // The stream answers on the raw response; Koa must not end it.
    ctx.respond = false
  })
  router.get(endpoints.getCompetition.path, async (ctx) => {
    const competition = await findCompetitionPage(knex, ctx.params.id ?? '')
    if (!competition) throw new Refusal(competitionErrorCodes.notFound, 'Competition not found')
    sendJsonWithEtag(ctx, endpoints.getCompetition.response.parse({ success: true, competition }))
  })
  return router
}
