import Router from '@koa/router'
import { endpoints, type ResponseOf } from '@prizes/contracts'
import { badRequest, HttpError, type Logger } from '@prizes/platform'
import type Koa from 'koa'
import { InvalidWebhookSignature, type PaymentProvider, type ProviderEvent } from './port'

export interface PaymentsRouterOptions {
  readonly provider: PaymentProvider
  /**
   * Captures (within the credit card limit) and allocates the entry of an authorised or
   * succeeded intent (confirm-payment's work). It must be idempotent:
   * providers deliver a notification at least once, and the browser's confirm-payment may come
   * first or second; the allocation answers the same entry every time.
   */
  readonly onSucceeded: (paymentIntentId: string) => Promise<void>
  /** A failed attempt on an intent; the entrant may still pay it with another card. */
  readonly onFailed: (paymentIntentId: string) => Promise<void>
  /**
   * The provider's own word about a payment taken (a refund at the provider, a chargeback
   * opened or closed); once per provider event id (`followProviderEvent`).
   */
  readonly onProviderEvent: (event: ProviderEvent) => Promise<unknown>
  readonly logger: Logger
}

/** Stripe's notifications are a few kilobytes; anything near this is not one. */
const webhookLimitBytes = 512 * 1024

/** The body exactly as sent: the signature covers these bytes, not a re-serialised parse. */
async function readRawBody(ctx: Koa.Context): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > webhookLimitBytes) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * `GET /api/config` (which provider the web talks to) and `POST /api/payments/webhook`. Mount
 * it without a JSON body parser in front of the webhook: it reads the raw body itself.
 */
export function paymentsRouter(options: PaymentsRouterOptions): Router {
  const { provider, onSucceeded, onFailed, onProviderEvent, logger } = options
  const router = new Router()

  router.get(endpoints.paymentConfig.path, (ctx) => {
    const body: ResponseOf<'paymentConfig'> = {
      success: true,
      payments: {
        provider: provider.name,
        publishableKey: provider.publishableKey,
        testMode: provider.name === 'offline' || (provider.publishableKey?.startsWith('pk_test_') ?? false),
      },
    }
    ctx.body = body
  })

  router.post(endpoints.paymentWebhook.path, async (ctx) => {
    const rawBody = await readRawBody(ctx)
    const signature = ctx.get('stripe-signature') || undefined
    let event: ReturnType<PaymentProvider['verifyWebhook']>
    try {
      event = provider.verifyWebhook(rawBody, signature)
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) throw badRequest(error.message)
      throw error
    }
    // A failure below answers 500, and the provider delivers the notification again later;
    // a repeat is harmless because allocation is idempotent.
    if (event.paymentIntentId !== null) {
      if (
        event.type === 'payment_intent.succeeded' ||
        event.type === 'payment_intent.amount_capturable_updated'
      ) {
        await onSucceeded(event.paymentIntentId)
      }
      if (event.type === 'payment_intent.payment_failed') await onFailed(event.paymentIntentId)
    }
    if (event.providerEvent) await onProviderEvent(event.providerEvent)
    else if (event.type.startsWith('charge.')) {
      // A partial refund, a dispute in a state we do not follow, or a charge of no intent.
      logger.info(
        { type: event.type, paymentIntentId: event.paymentIntentId },
        'charge notification not followed',
      )
    }
    const body: ResponseOf<'paymentWebhook'> = { received: true }
    ctx.body = body
  })
  return router
}
