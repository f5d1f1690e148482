import Router from '@koa/router'
import { endpoints, type HealthResponse } from '@prizes/contracts'
import { type EventStore, isDatabaseUnavailable } from '@prizes/event-store'
import {
  authenticate,
  createKnexSessionStore,
  type DatabaseHealth,
  DeadlineExceeded,
  describeDatabaseFailure,
  type Logger,
  optionalUser,
  type PlatformSecrets,
  probeDatabase,
  type RateLimiter,
  serviceUnavailable,
  withinDeadline,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { type RateLimitPolicy, rateLimit } from '../auth/rate-limits'
import { respond } from '../auth/routes'
import { reuseFor } from './cache'
import { noProjections, type ProjectionRows } from './consumers'
import { defaultLagLimit, defaultReactorStuckAfterMs, forCaller, measureHealth } from './measure'

export interface HealthRouterDeps {
  readonly store: Pick<EventStore, 'readAll'>
  readonly knex: Knex
  /** The projections' checkpoints (`ProjectionRows`); none unless given. */
  readonly projections?: ProjectionRows
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
  /** The longest the database may take to answer the check before health says it is unavailable. */
  readonly databaseDeadlineMs?: number
}

/** Seconds a monitor should wait before asking again while the database is unavailable. */
const retryAfterSeconds = 5

/** The answer while the database does not answer: why, and nothing else could be measured. */
function unavailable(ctx: Koa.Context, database: DatabaseHealth) {
  ctx.status = 503
  ctx.set('Retry-After', String(retryAfterSeconds))
  const body: HealthResponse = {
    success: false,
    status: 'unavailable',
    checkedAt: new Date().toISOString(),
    database,
    projections: [],
    reactors: [],
  }
  respond(ctx, 'health', body)
}

/**
 * DESIGN section 9's `/api/health`: every projection and reactor; 503 while one is stuck, or
 * while the database does not answer within `databaseDeadlineMs`, saying why. The database is
 * asked first, with its own deadline, because the rate limit and the session check need it too:
 * a hung database makes this answer in about two seconds (or, when it hangs just after a probe
 * that answered, within the pool's own timeouts), not hang with everything else.
 */
export function healthRouter(deps: HealthRouterDeps): Router {
  const reuseMs = deps.reuseMs ?? 1000
  const deadlineMs = deps.databaseDeadlineMs ?? 2000
  const database = reuseFor(reuseMs, () => probeDatabase(() => deps.knex.raw('select 1'), deadlineMs))
  const report = reuseFor(reuseMs, () =>
    measureHealth({
      store: deps.store,
      knex: deps.knex,
      projections: deps.projections ?? noProjections,
      now: new Date(),
      lagLimit: deps.lagLimit ?? defaultLagLimit,
      reactorStuckAfterMs: deps.reactorStuckAfterMs ?? defaultReactorStuckAfterMs,
    }),
  )
  const router = new Router()
  router.get(
    endpoints.health.path,
    async function databaseFirst(ctx, next) {
      const answered = await database()
      if (!answered.ok) return unavailable(ctx, answered)
      try {
        await next()
      } catch (error) {
        // It answered the probe a moment ago and fails now (the probe's answer is reused for
        // `reuseMs`): still a health answer that says why, not the bare error body.
        if (!isDatabaseUnavailable(error) && !(error instanceof DeadlineExceeded)) throw error
        unavailable(ctx, { ok: false, reason: describeDatabaseFailure(error) })
      }
    },
    rateLimit(deps.limiter, 'health', deps.rateLimit, deps.clock),
    authenticate({
      secret: deps.secrets.jwt,
      sessions: createKnexSessionStore(deps.knex),
      clock: deps.clock,
    }),
    async (ctx) => {
      const measured = await withinDeadline(deadlineMs, report()).catch((error: unknown) => {
        // The 503 says why in a word; the cause is for the operator.
        deps.logger.error({ err: error }, 'health could not be measured')
        if (error instanceof DeadlineExceeded || isDatabaseUnavailable(error)) throw error
        throw serviceUnavailable('The health of the read models could not be measured')
      })
      ctx.status = measured.success ? 200 : 503
      respond(ctx, 'health', forCaller(measured, optionalUser(ctx)?.role === 'admin'))
    },
  )
  return router
}
