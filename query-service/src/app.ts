import Router from '@koa/router'
import { endpoints, type ResponseOf } from '@prizes/contracts'
import { createApp, HttpError, type Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { competitionsRouter } from './competitions/routes'

export interface QueryAppOptions {
  readonly knex: Knex
  readonly logger: Logger
}

function healthRouter({ knex, logger }: QueryAppOptions): Router {
  const router = new Router()
  router.get(endpoints.queryHealth.path, async (ctx) => {
    try {
      await knex.raw('select 1')
    } catch (error) {
      logger.error({ err: error }, 'read-model database unreachable')
      throw new HttpError(503, 'UNAVAILABLE', 'The query service cannot reach its database')
    }
    const body: ResponseOf<'queryHealth'> = { success: true, service: 'query' }
    ctx.body = body
  })
  return router
}

/** The query service's HTTP app: read endpoints over the read models, nothing else. */
export function createQueryApp(options: QueryAppOptions): Koa {
  return createApp({
    name: 'query',
    logger: options.logger,
    routers: [healthRouter(options), competitionsRouter(options.knex)],
  })
}
