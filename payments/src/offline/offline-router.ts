import Router from '@koa/router'
import { endpoints, entryErrorCodes, type ResponseOf } from '@prizes/contracts'
import {
  authenticate,
  conflict,
  createKnexSessionStore,
  HttpError,
  jsonBody,
  type Logger,
  type PlatformSecrets,
  parseOr400,
  requireAdmin,
} from '@prizes/platform'
import type { Knex } from 'knex'
import type Koa from 'koa'
import { PaymentIntentNotFound, type ProviderEvent } from '../port'
import { type OfflinePaymentProvider, PaymentIntentCanceled, ProviderEventRefused } from './offline-provider'

export interface OfflinePaymentsRouterOptions {
  readonly provider: OfflinePaymentProvider
  /**
   * The allocation the webhook triggers for Stripe, so an offline payment is allocated even if
   * the browser never calls confirm-payment. It must be idempotent: a repeated confirmation of a
   * succeeded intent calls it again.
   */
  readonly onSucceeded: (paymentIntentId: string) => Promise<void>
  /** What the webhook does with Stripe's `charge.*` events (`followProviderEvent`). */
  readonly onProviderEvent: (event: ProviderEvent) => Promise<ProviderEventOutcome>
  readonly logger: Logger
  /** To know an admin for the TEST control. */
  readonly secrets: Pick<PlatformSecrets, 'jwt'>
  readonly knex: Knex
  readonly clock?: () => Date
}

type ProviderEventOutcome = ResponseOf<'adminTestPaymentEvent'>['outcome']

function mapOfflineErrors() {
  return async function mapOfflinePaymentErrors(_ctx: Koa.Context, next: Koa.Next) {
    try {
      await next()
    } catch (error) {
      if (error instanceof PaymentIntentNotFound) {
        throw new HttpError(404, entryErrorCodes.paymentNotFound, 'Payment not found')
      }
      if (error instanceof PaymentIntentCanceled || error instanceof ProviderEventRefused)
        throw conflict(error.message)
      throw error
    }
  }
}

/**
 * The offline provider's card form, `POST /api/test-payments/:paymentIntentId/confirm`: what
 * Stripe.js does with a card, answered with Stripe's test cards. Mount it only while the
 * offline provider is the active one.
 */
export function offlinePaymentsRouter(options: OfflinePaymentsRouterOptions): Router {
  const { provider, onSucceeded, logger } = options
  const router = new Router()
  router.use(jsonBody())

  router.post(endpoints.confirmTestPayment.path, mapOfflineErrors(), async (ctx) => {
    const card = parseOr400(endpoints.confirmTestPayment.request, ctx.request.body)
    const paymentIntentId = ctx.params.paymentIntentId ?? ''
    const outcome = await provider.confirmWithTestCard(paymentIntentId, card)
    if (outcome.status === 'succeeded') {
      // The money is taken whatever happens next. If allocating fails now, confirm-payment from
      // the browser or the reservation-expiry reactor allocates it later, so the answer stays true.
      await onSucceeded(paymentIntentId).catch((error: unknown) =>
        logger.error(
          { err: error, paymentIntentId },
          'allocating an offline payment failed; left to retries',
        ),
      )
    }
    const body: ResponseOf<'confirmTestPayment'> = outcome
    ctx.body = body
  })

  // TEST MODE only: an admin makes the provider tell of a refund or chargeback at its end, which
  // the platform then follows exactly as it follows Stripe's webhook.
  const clock = options.clock ?? (() => new Date())
  const admins = authenticate({
    secret: options.secrets.jwt,
    sessions: createKnexSessionStore(options.knex),
    clock,
  })
  router.post(endpoints.adminTestPaymentEvent.path, admins, mapOfflineErrors(), async (ctx) => {
    requireAdmin(ctx)
    const change = parseOr400(endpoints.adminTestPaymentEvent.request, ctx.request.body)
    const event = await provider.happenAtProvider(ctx.params.paymentIntentId ?? '', change)
    const outcome = await options.onProviderEvent(event)
    const body: ResponseOf<'adminTestPaymentEvent'> = { success: true, eventId: event.id, outcome }
    ctx.body = body
  })
  return router
}
