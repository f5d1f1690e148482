import Router from '@koa/router'
import { authMessages, endpoints, sessionMessages } from '@prizes/contracts'
import {
  authenticate,
  createKnexSessionStore,
  jsonBody,
  parseOr400,
  requireSession,
  requireUser,
} from '@prizes/platform'
import { requestContext } from '../http/request-context'
import { respond } from '../http/respond'
import { changePassword, getProfile, updateProfile } from './account'
import { endSession } from './logout'
import { type AuthRouteOptions, currentPasswordGuarded } from './routes'

/** The signed-in user's own account; every route needs a live session. */
export function accountRouter(options: AuthRouteOptions): Router {
  const { deps, clock } = options
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))

  router.post(endpoints.logout.path, async (ctx) => {
    const session = requireSession(ctx)
    parseOr400(endpoints.logout.request, ctx.request.body)
    await endSession(deps.knex, session, clock())
    respond(ctx, 'logout', { success: true, message: sessionMessages.loggedOut })
  })

  router.get(endpoints.getProfile.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const user = await getProfile(deps, userId)
    respond(ctx, 'getProfile', { success: true, user })
  })

  router.put(endpoints.updateProfile.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const input = parseOr400(endpoints.updateProfile.request, ctx.request.body)
    const user = await updateProfile(deps, userId, input, requestContext(ctx, clock))
    respond(ctx, 'updateProfile', { success: true, message: authMessages.profileUpdated, user })
  })

  router.put(endpoints.changePassword.path, currentPasswordGuarded(options), async (ctx) => {
    const { userId } = requireUser(ctx)
    const input = parseOr400(endpoints.changePassword.request, ctx.request.body)
    const { token } = await changePassword(deps, userId, input, requestContext(ctx, clock))
    respond(ctx, 'changePassword', { success: true, message: authMessages.passwordChanged, token })
  })

  return router
}
