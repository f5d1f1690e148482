import Router from '@koa/router'
import {
  authenticate,
  createKnexRateLimiter,
  createKnexSessionStore,
  jsonBody,
  type RateLimit,
  type RateLimiter,
  requireUser,
} from '@prizes/platform'
import { limitUserChanges } from '../auth/rate-limits'
import { requestContext } from '../http/request-context'
import { route } from '../http/route'
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

  route(router, 'getResponsiblePlay', async ({ ctx }) => {
    const { userId } = requireUser(ctx)
    return { success: true, status: await responsiblePlayStatus(deps, userId, clock()) }
  })

  route(router, 'setSpendingLimit', limited, async ({ body, ctx }) => {
    const { userId } = requireUser(ctx)
    const change = await setSpendingLimit(deps, { userId, ...body }, requestContext(ctx, clock))
    return { success: true, ...change }
  })

  route(router, 'skipSpendingLimit', limited, async ({ body, ctx }) => {
    const { userId } = requireUser(ctx)
    const change = await skipSpendingLimit(deps, { userId, ...body }, requestContext(ctx, clock))
    return { success: true, ...change }
  })

  route(router, 'takeBreak', limited, async ({ body, ctx }) => {
    const { userId } = requireUser(ctx)
    const change = await takeBreak(deps, { userId, period: body.period }, requestContext(ctx, clock))
    return { success: true, ...change }
  })

  return router
}
