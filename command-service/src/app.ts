import Router from '@koa/router'
import { endpoints, type ResponseOf } from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import { createApp, HttpError, type Logger } from '@prizes/platform'
import type Koa from 'koa'
import { mapCommandError } from './errors'

export interface CommandAppOptions {
  readonly store: Pick<EventStore, 'readStream'>
  readonly logger: Logger
}

/** A stream nobody writes: reading it costs one query and proves the store answers. */
const probeStream = '$health-probe'

function healthRouter({ store, logger }: CommandAppOptions): Router {
  const router = new Router()
  router.get(endpoints.commandHealth.path, async (ctx) => {
    try {
      await store.readStream(probeStream, { limit: 1 })
    } catch (error) {
      // The 503 tells the caller; the cause is for the operator.
      logger.error({ err: error }, 'event store unreachable')
      throw new HttpError(503, 'UNAVAILABLE', 'The command service cannot reach its event store')
    }
    const body: ResponseOf<'commandHealth'> = { success: true, service: 'command' }
    ctx.body = body
  })
  return router
}

/**
 * The command service's HTTP app. For now only its health check; the admin endpoints for
 * competitions arrive with their issue and will share this app's error mapping.
 */
export function createCommandApp(options: CommandAppOptions): Koa {
  return createApp({
    name: 'command',
    logger: options.logger,
    mapError: mapCommandError,
    routers: [healthRouter(options)],
  })
}
