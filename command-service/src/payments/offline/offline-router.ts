import Router from '@koa/router'
import { endpoints, entryErrorCodes, type ResponseOf } from '@prizes/contracts'
import { conflict, HttpError, jsonBody, type Logger, parseOr400 } from '@prizes/platform'
import type Koa from 'koa'
import { PaymentIntentNotFound } from '../port'
import { type OfflinePaymentProvider, PaymentIntentCanceled } from './offline-provider'

export interface OfflinePaymentsRouterOptions {
  readonly provider: OfflinePaymentProvider
  /**
   * The allocation the webhook triggers for Stripe, so an offline payment is allocated even if
   * the browser never calls confirm-payment. It must be idempotent: a repeated confirmation of a
   * succeeded intent calls it again.
   */
  readonly onSucceeded: (paymentIntentId: string) => Promise<void>
  readonly logger: Logger
}

function mapOfflineErrors() {
  return async function mapOfflinePaymentErrors(_ctx: Koa.Context, next: Koa.Next) {
    try {
      await next()
    } catch (error) {
      if (error instanceof PaymentIntentNotFound) {
        throw new HttpError(404, entryErrorCodes.paymentNotFound, 'Payment not found')
      }
      if (error instanceof PaymentIntentCanceled) throw conflict(error.message)
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
  return router
}
