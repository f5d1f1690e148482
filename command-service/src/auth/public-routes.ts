import Router from '@koa/router'
import { authMessages, endpoints } from '@prizes/contracts'
import { jsonBody, parseOr400 } from '@prizes/platform'
import { requestContext } from '../http/request-context'
import { respond } from '../http/respond'
import { assertMaySignIn } from '../settings/enforce'
import { serverMessages } from './messages'
import { createGuestAccount, emailExists, register } from './registration'
import { type AuthRouteOptions, limited, signInGuarded } from './routes'
import { signIn } from './sign-in'

/** Signing up and signing in: no session needed. */
export function publicAuthRouter(options: AuthRouteOptions): Router {
  const { deps, clock, settings } = options
  const router = new Router()
  router.use(jsonBody())

  const guarded = signInGuarded(options)

  router.post(endpoints.register.path, limited(options, 'register'), async (ctx) => {
    const input = parseOr400(endpoints.register.request, ctx.request.body)
    const user = await register(deps, input, requestContext(ctx, clock))
    respond(ctx, 'register', { success: true, message: authMessages.registered, user, token: null })
  })

  router.post(endpoints.login.path, guarded, async (ctx) => {
    const input = parseOr400(endpoints.login.request, ctx.request.body)
    const { user, token } = await signIn(deps, input, clock())
    await assertMaySignIn(settings, user.role)
    respond(ctx, 'login', { success: true, message: authMessages.loggedIn, user, token })
  })

  // The entry flow's "Account Found" prompt: the same sign-in, sharing its limits.
  router.post(endpoints.loginForEntry.path, guarded, async (ctx) => {
    const input = parseOr400(endpoints.loginForEntry.request, ctx.request.body)
    const { user, token } = await signIn(deps, input, clock())
    respond(ctx, 'loginForEntry', { success: true, message: authMessages.loggedIn, user, token })
  })

  router.post(endpoints.checkEmail.path, limited(options, 'checkEmail'), async (ctx) => {
    const { email } = parseOr400(endpoints.checkEmail.request, ctx.request.body)
    const exists = await emailExists(deps, email)
    respond(ctx, 'checkEmail', { success: true, exists })
  })

  router.post(endpoints.createGuestAccount.path, limited(options, 'createGuestAccount'), async (ctx) => {
    const input = parseOr400(endpoints.createGuestAccount.request, ctx.request.body)
    const { user, token } = await createGuestAccount(deps, input, requestContext(ctx, clock))
    respond(ctx, 'createGuestAccount', { success: true, message: serverMessages.guestCreated, user, token })
  })

  return router
}
