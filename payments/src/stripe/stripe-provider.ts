import Stripe from 'stripe'
import {
  type CreateIntent,
  InvalidWebhookSignature,
  type PaymentIntent,
  PaymentIntentNotCapturable,
  PaymentIntentNotFound,
  type PaymentProvider,
  PaymentProviderUnavailable,
  type Refund,
  RefundRefused,
  type WebhookEvent,
} from '../port'
import { refundOnIntent, toPaymentIntent, toRefund, toWebhookEvent } from './mapping'

export interface StripePaymentProviderOptions {
  readonly secretKey: string
  readonly publishableKey: string
  readonly webhookSecret: string
  /** A client of one's own (tests give one with a fake HTTP client); else one on `secretKey`. */
  readonly stripe?: Stripe
}

/** Statuses cancelIntent leaves alone: a card accepted, or nothing left to cancel. */
const paidOrFinal = (status: PaymentIntent['status']) =>
  status === 'succeeded' || status === 'canceled' || status === 'requires_capture'

/** Every call to Stripe gives up after this long (the SDK's own default is 80 s). */
export const stripeTimeoutMs = 15_000

/** The latest charge comes with the intent, for the card's funding type. */
const withCharge = { expand: ['latest_charge'] }

export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe'
  readonly publishableKey: string
}

const errorCode = (error: unknown) => (error instanceof Stripe.errors.StripeError ? error.code : undefined)

/**
 * Stripe's refusals of a refund that asking again does not change, in the port's words (plus
 * `in_flight`: the same key's first request still running). Anything else is not a refusal.
 */
function refundRefusalOf(
  error: unknown,
): 'disputed' | 'already_refunded' | 'idempotency_conflict' | 'in_flight' | undefined {
  switch (errorCode(error)) {
    case 'charge_disputed':
      return 'disputed'
    case 'charge_already_refunded':
      return 'already_refunded'
    case 'idempotency_key_in_use':
      return 'in_flight'
  }
  return error instanceof Stripe.errors.StripeIdempotencyError ? 'idempotency_conflict' : undefined
}

/** Stripe through its SDK: amounts in pence, GBP, every creating call under an idempotency key. */
export function createStripePaymentProvider(options: StripePaymentProviderOptions): StripePaymentProvider {
  // Retries of a POST reuse the idempotency key, so the SDK's own retries never charge twice.
  const stripe =
    options.stripe ?? new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: stripeTimeoutMs })

  /** Stripe's failures about one intent, as the port names them. */
  function portError(paymentIntentId: string, error: unknown): unknown {
    if (errorCode(error) === 'resource_missing') return new PaymentIntentNotFound(paymentIntentId)
    // No answer, or Stripe's own failure: nothing is known to have changed; ask again later.
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError
    ) {
      return new PaymentProviderUnavailable(paymentIntentId, { cause: error })
    }
    return error
  }

  /** The refunds Stripe holds for the intent (one page: an intent is refunded a few times at most). */
  async function existingRefund(paymentIntentId: string): Promise<Refund | undefined> {
    try {
      const page = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })
      return refundOnIntent(page.data, paymentIntentId)
    } catch (error) {
      throw portError(paymentIntentId, error)
    }
  }

  /**
   * A refund Stripe refused for no reason named above: the intent says whether it is one to ask
   * again (authorised, not yet captured: the settlement reactor captures it shortly, as the
   * offline provider answers), one that took no money (`not_paid`), or a refusal of a paid
   * intent that stays what it was.
   */
  async function unrefundable(paymentIntentId: string, error: unknown): Promise<unknown> {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return error
    const current = await retrieveIntent(paymentIntentId)
    const detail = `it is ${current.status}`
    if (current.status === 'requires_capture' || current.status === 'processing') {
      return new PaymentProviderUnavailable(paymentIntentId, { cause: error })
    }
    if (current.status !== 'succeeded') return new RefundRefused(paymentIntentId, 'not_paid', detail)
    return error
  }

  async function retrieveIntent(paymentIntentId: string): Promise<PaymentIntent> {
    try {
      return toPaymentIntent(await stripe.paymentIntents.retrieve(paymentIntentId, withCharge))
    } catch (error) {
      throw portError(paymentIntentId, error)
    }
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent(request: CreateIntent): Promise<PaymentIntent> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountPence,
          currency: 'gbp',
          automatic_payment_methods: { enabled: true },
          // Authorised only: the server captures once the card's funding passed the credit card limit.
          capture_method: 'manual',
          metadata: { ...request.metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      )
      return toPaymentIntent(intent)
    },

    retrieveIntent,

    async captureIntent(paymentIntentId: string): Promise<PaymentIntent> {
      try {
        return toPaymentIntent(
          await stripe.paymentIntents.capture(paymentIntentId, withCharge, {
            idempotencyKey: `capture-${paymentIntentId}`,
          }),
        )
      } catch (error) {
        const mapped = portError(paymentIntentId, error)
        if (mapped !== error) throw mapped
        // Refused: captured already (a repeat) or nothing to capture; the intent says which.
        const current = await retrieveIntent(paymentIntentId)
        if (current.status === 'succeeded') return current
        throw new PaymentIntentNotCapturable(paymentIntentId, current.status)
      }
    },

    async cancelIntent(paymentIntentId: string): Promise<void> {
      const current = await retrieveIntent(paymentIntentId)
      if (paidOrFinal(current.status)) return
      try {
        await stripe.paymentIntents.cancel(paymentIntentId)
      } catch (error) {
        // It may have become final between the two calls; only then is the refusal expected.
        const now = await retrieveIntent(paymentIntentId)
        if (paidOrFinal(now.status)) return
        throw error
      }
    },

    async voidAuthorisation(paymentIntentId: string): Promise<void> {
      try {
        await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey: `void-${paymentIntentId}` })
      } catch (error) {
        const mapped = portError(paymentIntentId, error)
        if (mapped !== error) throw mapped
        // Refused: cancelled already (a repeat), or not an authorisation; the intent says which.
        const current = await retrieveIntent(paymentIntentId)
        if (current.status === 'canceled') return
        throw new PaymentIntentNotCapturable(paymentIntentId, current.status)
      }
    },

    async refund(request: { paymentIntentId: string; idempotencyKey: string }): Promise<Refund> {
      const { paymentIntentId } = request
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId },
          { idempotencyKey: request.idempotencyKey },
        )
        return toRefund(refund, paymentIntentId)
      } catch (error) {
        const mapped = portError(paymentIntentId, error)
        if (mapped !== error) throw mapped
        const refusal = refundRefusalOf(error)
        if (refusal === undefined) throw await unrefundable(paymentIntentId, error)
        const detail = error instanceof Error ? error.message : undefined
        if (refusal === 'disputed') throw new RefundRefused(paymentIntentId, 'disputed', detail)
        // Refunded already, at the dashboard or under a key Stripe has forgotten: the refund
        // there is the answer, recorded once like any other.
        const existing = await existingRefund(paymentIntentId)
        if (existing) return existing
        // The same key still in flight elsewhere: asking again later finds its refund.
        if (refusal === 'in_flight') throw new PaymentProviderUnavailable(paymentIntentId, { cause: error })
        throw new RefundRefused(paymentIntentId, refusal, detail)
      }
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
      if (!signature) throw new InvalidWebhookSignature()
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret)
      } catch {
        // A bad signature, a stale timestamp or a body that is not what was signed: all refused.
        throw new InvalidWebhookSignature()
      }
      return toWebhookEvent(event)
    },
  }
}
