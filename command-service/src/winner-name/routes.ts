import Router from '@koa/router'
import { winnerNameMessages } from '@prizes/contracts'
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
import { loadUser, registeredUser, runUserCommand } from '../users/user-stream'

/** Changes of the choice one user may make in an hour: far more than anyone needs. */
export const defaultWinnerNameChangeLimit: RateLimit = { max: 20, windowMs: 60 * 60 * 1000 }

/**
 * The signed-in user's choice of how a win names them (issue 24): their name by default, or, when
 * they object, only their town or county. Recorded as an event on their own stream.
 */
export function winnerNameRouter(
  deps: AccountDeps & {
    readonly clock: () => Date
    readonly limiter?: RateLimiter
    readonly changeLimit?: RateLimit
  },
): Router {
  const { clock } = deps
  const limited = limitUserChanges(
    deps.limiter ?? createKnexRateLimiter(deps.knex),
    deps.changeLimit ?? defaultWinnerNameChangeLimit,
    clock,
    'winner-name',
  )
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))

  route(router, 'getWinnerName', async ({ ctx }) => {
    const { user } = await loadUser(deps.store, requireUser(ctx).userId)
    return { success: true, shown: !user.winnerNameHidden }
  })

  route(router, 'setWinnerName', limited, async ({ body, ctx }) => {
    const { userId } = requireUser(ctx)
    const context = requestContext(ctx, clock)
    const result = await runUserCommand(
      deps.handler,
      { type: 'ChooseWinnerName', data: { userId, shown: body.shown }, metadata: { now: context.now } },
      context,
    )
    const now = !registeredUser(result, userId).winnerNameHidden
    return { success: true, shown: now, message: now ? winnerNameMessages.shown : winnerNameMessages.hidden }
  })

  return router
}
