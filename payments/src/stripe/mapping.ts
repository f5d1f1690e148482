import type {
  CardFunding,
  PaymentIntent,
  PaymentIntentStatus,
  ProviderEvent,
  Refund,
  WebhookEvent,
} from '../port'

/** The fields of Stripe's PaymentIntent the port needs; `Stripe.PaymentIntent` satisfies it. */
export interface StripeIntentFields {
  readonly id: string
  readonly client_secret: string | null
  readonly amount: number
  readonly currency: string
  readonly status: string
  readonly metadata: Readonly<Record<string, string>>
  readonly last_payment_error: { readonly message?: string | undefined } | null
  /** Expanded (`expand: ['latest_charge']`) to read the card's funding; an id or null otherwise. */
  readonly latest_charge?: string | StripeChargeFields | null
}

export interface StripeChargeFields {
  readonly id: string
  readonly payment_method_details?: {
    readonly card?: { readonly funding?: string | null } | null
  } | null
}

export interface StripeRefundFields {
  readonly id: string
  readonly amount: number
  readonly payment_intent: string | { readonly id: string } | null
  /** `pending`, `requires_action`, `succeeded`, `failed` or `canceled`. */
  readonly status?: string | null
}

export interface StripeEventFields {
  readonly id?: string
  readonly type: string
  readonly data: { readonly object: unknown }
}

/**
 * Stripe's statuses to the port's. Intents are created for manual capture, so an accepted card
 * is `requires_capture` (authorised, waiting for the server). A card attached but not confirmed
 * still needs the entrant; a status this code does not know is not a payment yet, so it reads
 * as `processing`, which nobody treats as paid or as safe to cancel.
 */
export function mapStripeStatus(status: string): PaymentIntentStatus {
  switch (status) {
    case 'succeeded':
    case 'canceled':
    case 'processing':
    case 'requires_action':
    case 'requires_payment_method':
    case 'requires_capture':
      return status
    case 'requires_confirmation':
      return 'requires_payment_method'
    default:
      return 'processing'
  }
}

/** The card's funding from the latest charge, when it was expanded; anything unknown is `unknown`. */
export function fundingOf(intent: StripeIntentFields): CardFunding | null {
  const charge = intent.latest_charge
  if (charge === undefined || charge === null || typeof charge === 'string') return null
  const funding = charge.payment_method_details?.card?.funding
  if (funding === undefined || funding === null) return 'unknown'
  return funding === 'credit' || funding === 'debit' || funding === 'prepaid' ? funding : 'unknown'
}

export function toPaymentIntent(intent: StripeIntentFields): PaymentIntent {
  if (intent.currency !== 'gbp') {
    throw new Error(`Payment intent ${intent.id} is in ${intent.currency}; only GBP is taken`)
  }
  if (intent.client_secret === null)
    throw new Error(`Payment intent ${intent.id} came without a client secret`)
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountPence: intent.amount,
    currency: 'gbp',
    status: mapStripeStatus(intent.status),
    metadata: { ...intent.metadata },
    lastError: intent.last_payment_error?.message ?? null,
    funding: fundingOf(intent),
  }
}

export function toRefund(refund: StripeRefundFields, paymentIntentId: string): Refund {
  const refunded =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id
  if (refunded !== undefined && refunded !== paymentIntentId) {
    throw new Error(`Refund ${refund.id} is for ${refunded}, not ${paymentIntentId}`)
  }
  return { id: refund.id, paymentIntentId, amountPence: refund.amount }
}

/**
 * The refund an intent already has, from Stripe's list of its refunds (newest first): the
 * earliest one that did not fail names it, and the amount is what they give back together
 * (a dashboard may refund a charge in parts). Undefined when none stands.
 */
export function refundOnIntent(
  refunds: readonly StripeRefundFields[],
  paymentIntentId: string,
): Refund | undefined {
  const standing = refunds.filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
  const earliest = standing.at(-1)
  if (earliest === undefined) return undefined
  const amountPence = standing.reduce((sum, refund) => sum + refund.amount, 0)
  return { ...toRefund(earliest, paymentIntentId), amountPence }
}

const objectId = (object: unknown): string | null => {
  if (typeof object !== 'object' || object === null || !('id' in object)) return null
  return typeof object.id === 'string' ? object.id : null
}

const field = (object: unknown, name: string): unknown =>
  typeof object === 'object' && object !== null && name in object
    ? (object as Record<string, unknown>)[name]
    : undefined

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** An id field that Stripe sends as the id or, expanded, as the object. */
const idOf = (value: unknown): string | null => text(value) ?? text(field(value, 'id'))

/**
 * A charge refunded in full (a partial refund changes no entry: the entrant still holds their
 * tickets, and an admin sees it at the provider). The refund id is the latest refund's when the
 * charge carries its refunds, else the charge's own.
 */
function refundedCharge(eventId: string, charge: unknown): ProviderEvent | undefined {
  const paymentIntentId = idOf(field(charge, 'payment_intent'))
  const chargeId = idOf(charge)
  if (paymentIntentId === null || chargeId === null || field(charge, 'refunded') !== true) return undefined
  const refunds = field(field(charge, 'refunds'), 'data')
  const latest = Array.isArray(refunds) ? idOf(refunds[0]) : null
  return { id: eventId, paymentIntentId, change: { kind: 'refunded', refundId: latest ?? chargeId } }
}

/** Stripe's dispute statuses at closing: `won` and `warning_closed` leave us the money, `lost` does not. */
function closedOutcome(status: unknown): 'won' | 'lost' | undefined {
  if (status === 'won' || status === 'warning_closed') return 'won'
  if (status === 'lost') return 'lost'
  return undefined
}

function disputeEvent(eventId: string, type: string, dispute: unknown): ProviderEvent | undefined {
  const paymentIntentId = idOf(field(dispute, 'payment_intent'))
  const disputeId = idOf(dispute)
  if (paymentIntentId === null || disputeId === null) return undefined
  if (type === 'charge.dispute.created') {
    const reason = (text(field(dispute, 'reason')) ?? 'unknown').slice(0, 255)
    return { id: eventId, paymentIntentId, change: { kind: 'dispute_created', disputeId, reason } }
  }
  const outcome = closedOutcome(field(dispute, 'status'))
  if (outcome === undefined) return undefined
  return { id: eventId, paymentIntentId, change: { kind: 'dispute_closed', disputeId, outcome } }
}

/** The notifications that move an entry; the rest are acknowledged and ignored. */
export function toWebhookEvent(event: StripeEventFields): WebhookEvent {
  const object = event.data.object
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.payment_failed':
      return { type: event.type, paymentIntentId: objectId(object) }
    case 'charge.refunded':
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const paymentIntentId = idOf(field(object, 'payment_intent'))
      const eventId = text(event.id)
      const providerEvent =
        eventId === null
          ? undefined
          : event.type === 'charge.refunded'
            ? refundedCharge(eventId, object)
            : disputeEvent(eventId, event.type, object)
      return { type: event.type, paymentIntentId, ...(providerEvent ? { providerEvent } : {}) }
    }
    default:
      return { type: 'other', paymentIntentId: objectId(object) }
  }
}
