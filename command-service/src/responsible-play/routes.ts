import Router from '@koa/router'
import { endpoints } from '@prizes/contracts'
import {
  authenticate,
  createKnexRateLimiter,
  createKnexSessionStore,
  jsonBody,
  parseOr400,
  type RateLimit,
  type RateLimiter,
  requireUser,
} from '@prizes/platform'
import { limitUserChanges } from '../auth/rate-limits'
import { requestContext } from '../http/request-context'
import { respond } from '../http/respond'
import type { AccountDeps } from '../users/deps'
import { responsiblePlayStatus, setSpendingLimit, skipSpendingLimit, takeBreak } from './responsible-play'

/** Changes of limits and breaks one user may make in an hour: far more than anyone needs. */
export const defaultPlayChangeLimit: RateLimit = { max: 30, windowMs: 60 * 60 * 1000 }

/** The signed-in user's own monthly limit and breaks; every route needs a live session. */
export function responsiblePlayRouter(
  deps: AccountDeps & {
    readonly clock: () => Date
    readonly limiter?: RateLimiter
    readonly changeLimit?: RateLimit
  },
): Router {
  const { clock } = deps
  const limited = limitUserChanges(
    deps.limiter ?? createKnexRateLimiter(deps.knex),
    deps.changeLimit ?? defaultPlayChangeLimit,
    clock,
    'responsible-play',
  )
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))

  router.get(endpoints.getResponsiblePlay.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const status = await responsiblePlayStatus(deps, userId, clock())
    respond(ctx, 'getResponsiblePlay', { success: true, status })
  })

  router.put(endpoints.setSpendingLimit.path, limited, async (ctx) => {
    const { userId } = requireUser(ctx)
    const input = parseOr400(endpoints.setSpendingLimit.request, ctx.request.body)
    const change = await setSpendingLimit(deps, { userId, ...input }, requestContext(ctx, clock))
    respond(ctx, 'setSpendingLimit', { success: true, ...change })
  })

  router.post(endpoints.skipSpendingLimit.path, limited, async (ctx) => {
    const { userId } = requireUser(ctx)
    const input = parseOr400(endpoints.skipSpendingLimit.request, ctx.request.body)
    const change = await skipSpendingLimit(deps, { userId, ...input }, requestContext(ctx, clock))
    respond(ctx, 'skipSpendingLimit', { success: true, ...change })
  })

  router.post(endpoints.takeBreak.path, limited, async (ctx) => {
    const { userId } = requireUser(ctx)
    const { period } = parseOr400(endpoints.takeBreak.request, ctx.request.body)
    const change = await takeBreak(deps, { userId, period }, requestContext(ctx, clock))
    respond(ctx, 'takeBreak', { success: true, ...change })
  })

  return router
}
