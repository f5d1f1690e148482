/**
 * The payment provider port (DESIGN section 7). Adapters: Stripe, and the offline test provider
 * of the embedded default, which follows Stripe's test cards and keeps its intents in PostgreSQL.
 * Amounts are pence, currency GBP. The server never takes the client's word for a payment: it
 * retrieves the intent from the provider.
 *
 * Intents are made for manual capture: a card the provider accepted is only authorised
 * (`requires_capture`, the money held, nothing taken), and the server captures it once it has
 * checked what depends on the card (the monthly credit card limit needs its funding type), or
 * cancels it, which releases the hold.
 */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled'

/** What kind of card paid, as the card network tells the provider. */
export type CardFunding = 'credit' | 'debit' | 'prepaid' | 'unknown'

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
  /** The funding of the card authorised or charged; null before a card was accepted. */
  readonly funding: CardFunding | null
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

/**
 * What the provider says happened to a payment after it was taken, outside our own refunds: a
 * refund made at the provider (its Dashboard), a chargeback opened or closed by the entrant's
 * bank. `id` is the provider's own event id: the same notification delivered again has the same.
 */
export interface ProviderEvent {
  readonly id: string
  readonly paymentIntentId: string
  readonly change:
    | { readonly kind: 'refunded'; readonly refundId: string }
    | { readonly kind: 'dispute_created'; readonly disputeId: string; readonly reason: string }
    | { readonly kind: 'dispute_closed'; readonly disputeId: string; readonly outcome: 'won' | 'lost' }
}

/** A verified provider notification: the intent it is about and what happened. */
export interface WebhookEvent {
  readonly type:
    | 'payment_intent.succeeded'
    /** A card was authorised: the intent is `requires_capture`, waiting for the server. */
    | 'payment_intent.amount_capturable_updated'
    | 'payment_intent.payment_failed'
    | 'charge.refunded'
    | 'charge.dispute.created'
    | 'charge.dispute.closed'
    | 'other'
  readonly paymentIntentId: string | null
  /**
   * For the `charge.*` types, the change to follow; absent when the notification names no
   * payment intent, or says nothing to follow (a partial refund, a dispute still open).
   */
  readonly providerEvent?: ProviderEvent
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

/** A capture of an intent that holds nothing to take (cancelled, or never authorised). */
export class PaymentIntentNotCapturable extends Error {
  constructor(
    readonly paymentIntentId: string,
    readonly status: PaymentIntentStatus,
  ) {
    super(`Payment intent ${paymentIntentId} is ${status}; there is nothing to capture`)
    this.name = 'PaymentIntentNotCapturable'
  }
}

/**
 * Why the provider will not refund an intent, in the port's words (each adapter maps its own
 * codes to these): `disputed`, the cardholder charged it back, so the bank, not us, gives the
 * money back; `already_refunded`, refunded already (at the provider's dashboard) and no refund
 * of it could be found to record; `idempotency_conflict`, the refund's key was used for another
 * request, or forgotten, and no refund of the intent exists; `not_paid`, nothing was taken.
 * None of these changes by asking again: whoever meets one records it for a person to decide.
 */
export type RefundRefusal = 'disputed' | 'already_refunded' | 'idempotency_conflict' | 'not_paid'

export class RefundRefused extends Error {
  constructor(
    readonly paymentIntentId: string,
    readonly reason: RefundRefusal,
    detail?: string,
  ) {
    super(
      `The payment provider refused to refund ${paymentIntentId}: ${reason}${detail ? ` (${detail})` : ''}`,
    )
    this.name = 'RefundRefused'
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
  /**
   * Cancels an intent nobody paid (its reservation expired); a no-op when already final or
   * authorised (a card accepted is a payment, which the server captures or voids itself).
   */
  cancelIntent(paymentIntentId: string): Promise<void>
  /**
   * Cancels an authorised (`requires_capture`) intent the server will not capture: the hold on
   * the card is released and nothing is taken. A no-op when already cancelled; throws
   * PaymentIntentNotCapturable for an intent in any other state.
   */
  voidAuthorisation(paymentIntentId: string): Promise<void>
  /**
   * Takes the money of an authorised (`requires_capture`) intent and answers it succeeded; one
   * already captured answers as it is, so a repeat never takes twice. Throws
   * PaymentIntentNotCapturable for an intent in any other state.
   */
  captureIntent(paymentIntentId: string): Promise<PaymentIntent>
  /**
   * Refunds a succeeded intent in full; the same idempotency key returns the same refund. An
   * intent refunded already (at the provider's dashboard, or under a key the provider has since
   * forgotten) answers the refund it has, so it is recorded once and never paid twice. Throws
   * RefundRefused when the provider will not refund it (see RefundRefusal).
   */
  refund(request: { paymentIntentId: string; idempotencyKey: string }): Promise<Refund>
  /** Verifies and parses a webhook; throws InvalidWebhookSignature. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent
}
