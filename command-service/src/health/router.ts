import Router from '@koa/router'
import { endpoints } from '@prizes/contracts'
import type { EventStore } from '@prizes/event-store'
import {
  authenticate,
  createKnexSessionStore,
  HttpError,
  type Logger,
  optionalUser,
  type PlatformSecrets,
  type RateLimiter,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { type RateLimitPolicy, rateLimit } from '../auth/rate-limits'
import { respond } from '../auth/routes'
import { reuseFor } from './cache'
import { forCaller, measureHealth } from './measure'

export interface HealthRouterDeps {
  readonly store: Pick<EventStore, 'readAll'>
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly logger: Logger
  readonly limiter: RateLimiter
  readonly rateLimit: RateLimitPolicy
  /** The request clock (rate-limit windows, session expiry). Lag is measured on the real one. */
  readonly clock: () => Date
  /** How long one measurement answers every caller. */
  readonly reuseMs?: number
  readonly lagLimit?: number
  readonly reactorStuckAfterMs?: number
}

/** DESIGN section 9's `/api/health`: every projection and reactor; 503 while one is stuck. */
export function healthRouter(deps: HealthRouterDeps): Router {
  const report = reuseFor(deps.reuseMs ?? 1000, () =>
    measureHealth({
      store: deps.store,
      knex: deps.knex,
      now: new Date(),
      lagLimit: deps.lagLimit ?? 1000,
      reactorStuckAfterMs: deps.reactorStuckAfterMs ?? 5 * 60 * 1000,
    }),
  )
  const router = new Router()
  router.get(
    endpoints.health.path,
    rateLimit(deps.limiter, 'health', deps.rateLimit, deps.clock),
    authenticate({
      secret: deps.secrets.jwt,
      sessions: createKnexSessionStore(deps.knex),
      clock: deps.clock,
    }),
    async (ctx) => {
      const measured = await report().catch((error: unknown) => {
        // The 503 tells the caller; the cause is for the operator.
        deps.logger.error({ err: error }, 'health could not be measured')
        throw new HttpError(503, 'UNAVAILABLE', 'The health of the read models could not be measured')
      })
      ctx.status = measured.success ? 200 : 503
      respond(ctx, 'health', forCaller(measured, optionalUser(ctx)?.role === 'admin'))
    },
  )
  return router
}
