import Router from '@koa/router'
import { endpoints } from '@prizes/contracts'
import { authenticate, createKnexSessionStore, jsonBody, parseOr400, requireUser } from '@prizes/platform'
import { requestContext } from '../auth/request-context'
import { respond } from '../auth/routes'
import type { AccountDeps } from '../users/deps'
import { responsiblePlayStatus, setSpendingLimit, skipSpendingLimit, takeBreak } from './responsible-play'

/** The signed-in user's own monthly limit and breaks; every route needs a live session. */
export function responsiblePlayRouter(deps: AccountDeps & { readonly clock: () => Date }): Router {
  const { clock } = deps
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))

  router.get(endpoints.getResponsiblePlay.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const status = await responsiblePlayStatus(deps, userId, clock())
    respond(ctx, 'getResponsiblePlay', { success: true, status })
  })

  router.put(endpoints.setSpendingLimit.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const input = parseOr400(endpoints.setSpendingLimit.request, ctx.request.body)
    const change = await setSpendingLimit(deps, { userId, ...input }, requestContext(ctx, clock))
    respond(ctx, 'setSpendingLimit', { success: true, ...change })
  })

  router.post(endpoints.skipSpendingLimit.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const input = parseOr400(endpoints.skipSpendingLimit.request, ctx.request.body)
    const change = await skipSpendingLimit(deps, { userId, ...input }, requestContext(ctx, clock))
    respond(ctx, 'skipSpendingLimit', { success: true, ...change })
  })

  router.post(endpoints.takeBreak.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const { period } = parseOr400(endpoints.takeBreak.request, ctx.request.body)
    const change = await takeBreak(deps, { userId, period }, requestContext(ctx, clock))
    respond(ctx, 'takeBreak', { success: true, ...change })
  })

  return router
}
