import Router from '@koa/router'
import { authMessages, endpoints } from '@prizes/contracts'
import { badRequest, jsonBody, parseOr400 } from '@prizes/platform'
import { requestContext } from '../http/request-context'
import { respond } from '../http/respond'
import { checkResetLink, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from './links'
import { serverMessages } from './messages'
import { type AuthRouteOptions, knownAddressesOf, limited } from './routes'

/** The emailed links: asking for them and using them. */
export function linkRouter(options: AuthRouteOptions): Router {
  const { deps, clock } = options
  const known = knownAddressesOf(options)
  const router = new Router()
  router.use(jsonBody())

  // Same answer whether or not the email has an account, and as soon: the link is recorded
  // after the answer, so neither the answer nor its timing says who is registered.
  router.post(endpoints.resendVerification.path, limited(options, 'resendVerification'), async (ctx) => {
    const { email } = parseOr400(endpoints.resendVerification.request, ctx.request.body)
    const context = requestContext(ctx, clock)
    await options.afterAnswer.start('resend-verification', () => resendVerification(deps, email, context))
    respond(ctx, 'resendVerification', { success: true, message: serverMessages.verificationSent })
  })

  router.post(endpoints.forgotPassword.path, limited(options, 'forgotPassword'), async (ctx) => {
    const { email } = parseOr400(endpoints.forgotPassword.request, ctx.request.body)
    const context = requestContext(ctx, clock)
    await options.afterAnswer.start('forgot-password', () => requestPasswordReset(deps, email, context))
    respond(ctx, 'forgotPassword', { success: true, message: authMessages.resetLinkSent })
  })

  router.get(endpoints.verifyEmail.path, limited(options, 'accountToken'), async (ctx) => {
    const { alreadyVerified } = await verifyEmail(deps, ctx.params.token ?? '', requestContext(ctx, clock))
    const message = alreadyVerified ? serverMessages.alreadyVerified : serverMessages.emailVerified
    respond(ctx, 'verifyEmail', { success: true, message, alreadyVerified })
  })

  router.get(endpoints.verifyResetToken.path, limited(options, 'accountToken'), async (ctx) => {
    const user = await checkResetLink(deps, ctx.params.token ?? '', clock())
    respond(ctx, 'verifyResetToken', { success: true, message: serverMessages.resetLinkValid, user })
  })

  router.post(endpoints.resetPassword.path, limited(options, 'accountToken'), async (ctx) => {
    const input = parseOr400(endpoints.resetPassword.request, ctx.request.body)
    const context = requestContext(ctx, clock)
    const { email } = await resetPassword(deps, input, context)
    await known.remember(email, ctx.ip, context.now)
    respond(ctx, 'resetPassword', { success: true, message: serverMessages.passwordReset })
  })

  // The link's path without its token: say what is missing rather than "no route".
  router.get('/api/auth/verify-email', () => {
    throw badRequest(authMessages.noVerificationToken)
  })
  router.get('/api/auth/verify-reset-token', () => {
    throw badRequest(authMessages.noResetToken)
  })

  return router
}
