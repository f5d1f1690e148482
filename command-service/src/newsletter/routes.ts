import Router from '@koa/router'
import { newsletterMessages, newsletterOneClickQuery, sentMessage } from '@prizes/contracts'
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
import type { CommandHandler } from '../command-handler'
import { type CompanyDetails, contactDetailsOf } from '../company-details'
import { receiveContactMessage } from '../contact/contact'
import { requestContext } from '../http/request-context'
import { route } from '../http/route'
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

  route(router, 'newsletterSubscribe', jsonBody(), limited('newsletterSubscribe'), async ({ body, ctx }) => {
    await requestSubscription(deps, body.email, 'newsletter_form', requestContext(ctx, clock))
    noStore(ctx)
    return { success: true, message: newsletterMessages.checkInbox }
  })

  route(router, 'newsletterConfirm', jsonBody(), limited('newsletterToken'), async ({ body, ctx }) => {
    const { alreadyConfirmed } = await confirmSubscription(deps, body.token, requestContext(ctx, clock))
    noStore(ctx)
    return {
      success: true,
      message: alreadyConfirmed ? newsletterMessages.alreadyConfirmed : newsletterMessages.confirmed,
      alreadyConfirmed,
    }
  })

  route(router, 'newsletterUnsubscribe', jsonBody(), limited('newsletterToken'), async ({ body, ctx }) => {
    await unsubscribe(deps, body.token, 'link', requestContext(ctx, clock))
    noStore(ctx)
    return { success: true, message: newsletterMessages.unsubscribed }
  })

  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; the token in the
  // URL is the whole authority, so the body is not read.
  route(router, 'newsletterOneClickUnsubscribe', limited('newsletterToken'), async ({ ctx }) => {
    const { token } = parseOr400(newsletterOneClickQuery, ctx.query)
    await unsubscribe(deps, token, 'one_click', requestContext(ctx, clock))
    noStore(ctx)
    return { success: true, message: newsletterMessages.unsubscribed }
  })

  const signedIn = authenticate({
    secret: deps.secrets.jwt,
    sessions: createKnexSessionStore(deps.knex),
    clock,
  })
  route(router, 'contact', jsonBody(), limited('contact'), signedIn, async ({ body, ctx }) => {
    const context = requestContext(ctx, clock)
    const userId = 'userId' in context.actor ? context.actor.userId : null
    const { reference, deadlines } = await receiveContactMessage(deps, body, userId, context)
    noStore(ctx)
    return { success: true, message: sentMessage(reference, deadlines), reference, deadlines }
  })

  route(router, 'contactDetails', async ({ ctx }) => {
    ctx.set('Cache-Control', 'public, max-age=300')
    return contactDetailsOf(deps.company)
  })

  return router
}
