import Router from '@koa/router'
import { endpoints } from '@prizes/contracts'
import {
  authenticate,
  createKnexRateLimiter,
  createKnexSessionStore,
  jsonBody,
  optionalUser,
  type PlatformSecrets,
  parseOr400,
  type RateLimit,
  type RateLimiter,
  requireUser,
} from '@prizes/platform'
import type Koa from 'koa'
import type { CommandContext } from '../event-metadata'
import { requestContext } from '../http/request-context'
import { respond } from '../http/respond'
import { requestSubscription } from '../newsletter/newsletter'
import { confirmEntryPayment } from './confirm'
import type { EntryDeps } from './deps'
import { requestEntry, submitEntry } from './entries'
import {
  defaultReservationLimits,
  limitQuestions,
  limitReservations,
  type ReservationLimits,
} from './rate-limits'
import { skillQuestionFor } from './skill-question'

export interface EntriesRouterDeps extends EntryDeps {
  /** `loadSecrets(knex)`: the session tokens' secret. */
  readonly secrets: PlatformSecrets
  /** The time every request runs at; tests move it. The real clock unless given. */
  readonly clock?: () => Date
  /** Counters shared by every instance; one on `knex` unless given. */
  readonly limiter?: RateLimiter
  /** `defaultReservationLimits` unless given. */
  readonly reservationLimits?: ReservationLimits
  /** Skill-question asks per address; `questionLimit` unless given. */
  readonly questionLimit?: RateLimit
}

/** The longest Idempotency-Key kept; Stripe's own limit. */
const maxKeyLength = 255

function idempotencyKey(ctx: Koa.Context): string | undefined {
  const key = ctx.get('idempotency-key').trim()
  return key === '' ? undefined : key.slice(0, maxKeyLength)
}

/** SPEC section 7 "Entries and payment", the command side: every route needs a signed-in user. */
export function entriesRouter(deps: EntriesRouterDeps): Router {
  const clock = deps.clock ?? (() => new Date())
  const router = new Router()
  router.use(jsonBody())
  router.use(authenticate({ secret: deps.secrets.jwt, sessions: createKnexSessionStore(deps.knex), clock }))
  const limiter = deps.limiter ?? createKnexRateLimiter(deps.knex)
  const limitRate = limitReservations(limiter, deps.reservationLimits ?? defaultReservationLimits, clock)

  /**
   * The entry form's optional newsletter box: the same double opt-in as the sign-up form (a
   * confirmation link, at most one an hour). The entry stands whatever happens here, so a
   * failure is logged, not answered.
   */
  async function subscribeIfAsked(
    submission: { readonly email: string; readonly subscribedToNewsletter: boolean },
    context: CommandContext,
  ) {
    if (!submission.subscribedToNewsletter) return
    try {
      await requestSubscription(
        { handler: deps.handler, knex: deps.knex, secrets: deps.secrets, logger: deps.logger },
        submission.email,
        'competition_entry',
        context,
      )
    } catch (error) {
      deps.logger.error({ err: error }, 'newsletter sign-up from the entry form failed')
    }
  }

  router.post(
    endpoints.skillQuestionFor.path,
    limitQuestions(limiter, clock, deps.questionLimit),
    async (ctx) => {
      const input = parseOr400(endpoints.skillQuestionFor.request, ctx.request.body)
      const question = await skillQuestionFor(deps, optionalUser(ctx)?.userId, input)
      respond(ctx, 'skillQuestionFor', { success: true, question })
    },
  )

  router.post(endpoints.createPaymentIntent.path, limitRate, async (ctx) => {
    const { userId } = requireUser(ctx)
    const submission = parseOr400(endpoints.createPaymentIntent.request, ctx.request.body)
    const request = { userId, submission, idempotencyKey: idempotencyKey(ctx) }
    const context = requestContext(ctx, clock)
    const { clientSecret, paymentIntentId, amountPence } = await requestEntry(deps, request, context)
    await subscribeIfAsked(submission, context)
    respond(ctx, 'createPaymentIntent', { success: true, clientSecret, paymentIntentId, amount: amountPence })
  })

  router.post(endpoints.confirmPayment.path, async (ctx) => {
    const { userId } = requireUser(ctx)
    const { paymentIntentId } = parseOr400(endpoints.confirmPayment.request, ctx.request.body)
    const entry = await confirmEntryPayment(deps, { paymentIntentId, userId }, requestContext(ctx, clock))
    respond(ctx, 'confirmPayment', { success: true, entry })
  })

  router.post(endpoints.submitEntry.path, limitRate, async (ctx) => {
    const { userId } = requireUser(ctx)
    const submission = parseOr400(endpoints.submitEntry.request, ctx.request.body)
    const context = requestContext(ctx, clock)
    const entry = await submitEntry(deps, { userId, submission }, context)
    await subscribeIfAsked(submission, context)
    respond(ctx, 'submitEntry', { success: true, entry })
  })

  return router
}
