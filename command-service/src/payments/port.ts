/**
 * The payment provider port (DESIGN section 7). Adapters: Stripe, and the offline test provider
 * of the embedded default, which follows Stripe's test cards and keeps its intents in PostgreSQL.
 * Amounts are pence, currency GBP. The server never takes the client's word for a payment: it
 * retrieves the intent from the provider.
 */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled'

export interface PaymentIntent {
  readonly id: string
  readonly clientSecret: string
  readonly amountPence: number
  readonly currency: 'gbp'
  readonly status: PaymentIntentStatus
  /** What we attached at creation: competition, entry and user ids. */
  readonly metadata: Readonly<Record<string, string>>
  /** The provider's message for the last failed attempt (e.g. a decline), if any. */
  readonly lastError: string | null
}

export interface CreateIntent {
  readonly amountPence: number
  readonly metadata: Readonly<Record<string, string>>
  /** Same key, same intent: a retried request never charges twice. */
  readonly idempotencyKey: string
}

export interface Refund {
  readonly id: string
  readonly paymentIntentId: string
  readonly amountPence: number
}

/** A verified provider notification: the intent it is about and what happened. */
export interface WebhookEvent {
  readonly type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'other'
  readonly paymentIntentId: string | null
}

export class PaymentIntentNotFound extends Error {
  constructor(readonly paymentIntentId: string) {
    super(`No payment intent ${paymentIntentId}`)
    this.name = 'PaymentIntentNotFound'
  }
}

/**
 * The provider did not answer (a network failure, a timeout, its own outage): nothing is known
 * to have changed, and asking again later is safe.
 */
export class PaymentProviderUnavailable extends Error {
  constructor(
    readonly paymentIntentId: string,
    options?: { cause?: unknown },
  ) {
    super(`The payment provider did not answer about ${paymentIntentId}`, options)
    this.name = 'PaymentProviderUnavailable'
  }
}

export class InvalidWebhookSignature extends Error {
  constructor() {
    super('The webhook signature does not verify')
    this.name = 'InvalidWebhookSignature'
  }
}

export interface PaymentProvider {
  readonly name: 'offline' | 'stripe'
  /** Stripe's publishable key for the web; null for the offline provider. */
  readonly publishableKey: string | null
  createIntent(request: CreateIntent): Promise<PaymentIntent>
  retrieveIntent(paymentIntentId: string): Promise<PaymentIntent>
  /** Cancels an intent nobody paid (its reservation expired); a no-op when already final. */
  cancelIntent(paymentIntentId: string): Promise<void>
  /** Refunds a succeeded intent in full; the same idempotency key returns the same refund. */
  refund(request: { paymentIntentId: string; idempotencyKey: string }): Promise<Refund>
  /** Verifies and parses a webhook; throws InvalidWebhookSignature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent
}
