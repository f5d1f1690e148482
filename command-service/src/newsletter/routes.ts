import Router from '@koa/router'
import { endpoints, newsletterMessages, newsletterOneClickQuery, sentMessage } from '@prizes/contracts'
import {
  authenticate,
  createKnexSessionStore,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  type RateLimiter,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { type RateLimitPolicies, rateLimit } from '../auth/rate-limits'
import { requestContext } from '../auth/request-context'
import { respond } from '../auth/routes'
import type { CommandHandler } from '../command-handler'
import { type CompanyDetails, contactDetailsOf } from '../company-details'
import { receiveContactMessage } from '../contact/contact'
import { confirmSubscription, requestSubscription, unsubscribe } from './newsletter'

export interface NewsletterRouterDeps {
  readonly handler: CommandHandler
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly logger: Logger
  readonly clock: () => Date
  readonly limiter: RateLimiter
  readonly rateLimits: Pick<RateLimitPolicies, 'newsletterSubscribe' | 'newsletterToken' | 'contact'>
  readonly company: CompanyDetails
}

/** The public newsletter and contact endpoints: no session needed, each rate-limited. */
export function newsletterRouter(deps: NewsletterRouterDeps): Router {
  const { clock, limiter, rateLimits } = deps
  const router = new Router()
  const limited = (action: keyof NewsletterRouterDeps['rateLimits']) =>
    rateLimit(limiter, action, rateLimits[action], clock)
  const noStore = (ctx: Koa.Context) => ctx.set('Cache-Control', 'no-store')

  router.post(endpoints.newsletterSubscribe.path, jsonBody(), limited('newsletterSubscribe'), async (ctx) => {
    const { email } = parseOr400(endpoints.newsletterSubscribe.request, ctx.request.body)
    await requestSubscription(deps, email, 'newsletter_form', requestContext(ctx, clock))
    noStore(ctx)
    respond(ctx, 'newsletterSubscribe', { success: true, message: newsletterMessages.checkInbox })
  })

  router.post(endpoints.newsletterConfirm.path, jsonBody(), limited('newsletterToken'), async (ctx) => {
    const { token } = parseOr400(endpoints.newsletterConfirm.request, ctx.request.body)
    const { alreadyConfirmed } = await confirmSubscription(deps, token, requestContext(ctx, clock))
    noStore(ctx)
    respond(ctx, 'newsletterConfirm', {
      success: true,
      message: alreadyConfirmed ? newsletterMessages.alreadyConfirmed : newsletterMessages.confirmed,
      alreadyConfirmed,
    })
  })

  router.post(endpoints.newsletterUnsubscribe.path, jsonBody(), limited('newsletterToken'), async (ctx) => {
    const { token } = parseOr400(endpoints.newsletterUnsubscribe.request, ctx.request.body)
    await unsubscribe(deps, token, 'link', requestContext(ctx, clock))
    noStore(ctx)
    respond(ctx, 'newsletterUnsubscribe', { success: true, message: newsletterMessages.unsubscribed })
  })

  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; the token in the
  // URL is the whole authority, so the body is not read.
  router.post(endpoints.newsletterOneClickUnsubscribe.path, limited('newsletterToken'), async (ctx) => {
    const { token } = parseOr400(newsletterOneClickQuery, ctx.query)
    await unsubscribe(deps, token, 'one_click', requestContext(ctx, clock))
    noStore(ctx)
    respond(ctx, 'newsletterOneClickUnsubscribe', { success: true, message: newsletterMessages.unsubscribed })
  })

  const signedIn = authenticate({
    secret: deps.secrets.jwt,
    sessions: createKnexSessionStore(deps.knex),
    clock,
  })
  router.post(endpoints.contact.path, jsonBody(), limited('contact'), signedIn, async (ctx) => {
    const input = parseOr400(endpoints.contact.request, ctx.request.body)
    const context = requestContext(ctx, clock)
    const userId = 'userId' in context.actor ? context.actor.userId : null
    const { reference, deadlines } = await receiveContactMessage(deps, input, userId, context)
    noStore(ctx)
    ctx.status = 201
    respond(ctx, 'contact', {
      success: true,
      message: sentMessage(reference, deadlines),
      reference,
      deadlines,
    })
  })

  router.get(endpoints.contactDetails.path, async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300')
    respond(ctx, 'contactDetails', contactDetailsOf(deps.company))
  })

  return router
}
