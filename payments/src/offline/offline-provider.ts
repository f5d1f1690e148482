import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import {
  type CardFunding,
  type CreateIntent,
  InvalidWebhookSignature,
  type PaymentIntent,
  PaymentIntentNotCapturable,
  PaymentIntentNotFound,
  type PaymentIntentStatus,
  type PaymentProvider,
  PaymentProviderUnavailable,
  type ProviderEvent,
  type Refund,
  RefundRefused,
} from '../port'
import {
  cardMessages,
  judgeCard,
  processingChecks,
  retrieveFailuresAfterCharge,
  type TestCard,
} from './test-cards'

const intents = 'offline_payment_intents'
const refunds = 'offline_payment_refunds'

/**
 * What a test-card confirmation answers (the contract's `testCardResponse`). `succeeded` is the
 * card form's word for a card the provider accepted: the intent is authorised
 * (`requires_capture`) and the server captures it, or succeeded once it has.
 */
export interface TestCardOutcome {
  readonly status: 'succeeded' | 'processing' | 'requires_action' | 'declined'
  readonly message: string
}

/** Payment through a canceled intent: its reservation expired and the entrant must start again. */
export class PaymentIntentCanceled extends Error {
  constructor(readonly paymentIntentId: string) {
    super('This payment has expired. Please start your entry again.')
    this.name = 'PaymentIntentCanceled'
  }
}

/** An idempotency key reused for a different request, which Stripe refuses too. */
export class IdempotencyKeyReused extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was used for a different request`)
    this.name = 'IdempotencyKeyReused'
  }
}

/** A TEST control's request the payment does not allow: nothing taken, or no dispute to close. */
export class ProviderEventRefused extends Error {
  constructor(
    readonly paymentIntentId: string,
    reason: string,
  ) {
    super(`Payment ${paymentIntentId}: ${reason}`)
    this.name = 'ProviderEventRefused'
  }
}

/** What the offline provider can be told happened at its end (the admin's TEST control). */
export type OfflineProviderChange =
  | { readonly type: 'charge.refunded' }
  | { readonly type: 'charge.dispute.created'; readonly reason: string }
  | { readonly type: 'charge.dispute.closed'; readonly outcome: 'won' | 'lost' }

export interface OfflinePaymentProvider extends PaymentProvider {
  readonly name: 'offline'
  /**
   * Confirms an intent with a test card. The authentication card answers `requires_action`
   * first; the web then shows its authentication dialog and posts the same card again with the
   * entrant's answer: `approved` authorises the payment, `failed` declines it (the intent then
   * needs a new payment method, as Stripe's does). An intent already authorised or succeeded
   * answers succeeded and one processing answers processing, neither authorised again.
   */
  confirmWithTestCard(paymentIntentId: string, card: TestCard): Promise<TestCardOutcome>
  /** How many times the intent's money was taken (captured): never more than once. */
  chargesOf(paymentIntentId: string): Promise<number>
  /**
   * Test only, never routed: what a person does at Stripe's dashboard. `refunded` refunds the
   * intent there (under no key of ours), so our own refund then finds it done; `disputed` marks
   * it charged back by the cardholder's bank, so our refund is refused as `disputed`.
   */
  actAtDashboard(paymentIntentId: string, action: 'refunded' | 'disputed'): Promise<void>
  /**
   * TEST MODE: something happens at the provider's end, as with Stripe's Dashboard or a bank: a
   * captured payment refunded in full there, a chargeback opened, an open one closed. Answers the
   * event Stripe's webhook would carry (a new id each time), for the platform to follow. Throws
   * ProviderEventRefused when the payment does not allow it (nothing taken, refunded already,
   * no dispute open).
   */
  happenAtProvider(paymentIntentId: string, change: OfflineProviderChange): Promise<ProviderEvent>
}

export interface OfflinePaymentProviderOptions {
  readonly knex: Knex
  /** The clock for card expiry; tests move it. */
  readonly now?: () => Date
}

interface IntentRow {
  dispute_id: string | null
  dispute_status: 'open' | 'won' | 'lost' | null
  id: string
  client_secret: string
  amount_pence: number
  status: PaymentIntentStatus
  metadata: Record<string, string>
  last_error: string | null
  idempotency_key: string
  funding: CardFunding | null
  charges: number
  /** Status checks that still answer processing before the intent succeeds. */
  processing_checks: number
  /** Status checks that still fail, as if the provider did not answer. */
  retrieve_failures: number
  /** When a test said the cardholder's bank charged it back. */
  disputed_at: Date | null
}

interface RefundRow {
  id: string
  payment_intent_id: string
  amount_pence: number
  idempotency_key: string
}

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  clientSecret: row.client_secret,
  amountPence: row.amount_pence,
  currency: 'gbp',
  status: row.status,
  metadata: row.metadata,
  lastError: row.last_error,
  funding: row.funding,
})

const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  paymentIntentId: row.payment_intent_id,
  amountPence: row.amount_pence,
})

const sameMetadata = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

const token = (bytes: number) => randomBytes(bytes).toString('hex')

/** The embedded default's payment provider: Stripe's test cards, intents in PostgreSQL. */
export function createOfflinePaymentProvider(options: OfflinePaymentProviderOptions): OfflinePaymentProvider {
  const { knex } = options
  const now = options.now ?? (() => new Date())

  /** Reads an intent inside `trx`, locked until it ends, so two confirmations take turns. */
  async function lockIntent(trx: Knex.Transaction, paymentIntentId: string): Promise<IntentRow> {
    const row = await trx<IntentRow>(intents).where({ id: paymentIntentId }).forUpdate().first()
    if (!row) throw new PaymentIntentNotFound(paymentIntentId)
    return row
  }

  async function setStatus(
    trx: Knex.Transaction,
    paymentIntentId: string,
    status: PaymentIntentStatus,
    lastError: string | null,
  ) {
    await trx(intents)
      .where({ id: paymentIntentId })
      .update({ status, last_error: lastError, updated_at: trx.fn.now() })
  }

  /** The card is accepted: the intent is authorised (or goes processing first), nothing taken yet. */
  async function authorise(
    trx: Knex.Transaction,
    paymentIntentId: string,
    status: 'requires_capture' | 'processing',
    funding: CardFunding,
    behaviour: { processing_checks?: number; retrieve_failures?: number } = {},
  ) {
    await trx(intents)
      .where({ id: paymentIntentId })
      .update({ status, last_error: null, funding, ...behaviour, updated_at: trx.fn.now() })
  }

  return {
    name: 'offline',
    publishableKey: null,

    async createIntent(request: CreateIntent): Promise<PaymentIntent> {
      if (!Number.isSafeInteger(request.amountPence) || request.amountPence <= 0) {
        throw new RangeError(`A payment must be a positive number of pence, not ${request.amountPence}`)
      }
      const id = `pi_offline_${token(12)}`
      const [inserted] = await knex(intents)
        .insert({
          id,
          client_secret: `${id}_secret_${token(16)}`,
          amount_pence: request.amountPence,
          status: 'requires_payment_method',
          metadata: JSON.stringify(request.metadata),
          last_error: null,
          idempotency_key: request.idempotencyKey,
        })
        .onConflict('idempotency_key')
        .ignore()
        .returning<IntentRow[]>('*')
      if (inserted) return toIntent(inserted)
      const existing = await knex<IntentRow>(intents)
        .where({ idempotency_key: request.idempotencyKey })
        .first()
      if (!existing) throw new Error(`Intent for idempotency key ${request.idempotencyKey} vanished`)
      if (
        existing.amount_pence !== request.amountPence ||
        !sameMetadata(existing.metadata, request.metadata)
      ) {
        throw new IdempotencyKeyReused(request.idempotencyKey)
      }
      return toIntent(existing)
    },

    async retrieveIntent(paymentIntentId: string): Promise<PaymentIntent> {
      const row = await knex<IntentRow>(intents).where({ id: paymentIntentId }).first()
      if (!row) throw new PaymentIntentNotFound(paymentIntentId)
      if (row.retrieve_failures === 0 && row.status !== 'processing') return toIntent(row)
      // A test card's behaviour: each status check counts, one at a time.
      const answer = await knex.transaction(async (trx): Promise<PaymentIntent | 'unreachable'> => {
        const locked = await lockIntent(trx, paymentIntentId)
        if (locked.retrieve_failures > 0) {
          await trx(intents)
            .where({ id: paymentIntentId })
            .update({ retrieve_failures: locked.retrieve_failures - 1 })
          return 'unreachable'
        }
        if (locked.status !== 'processing') return toIntent(locked)
        if (locked.processing_checks > 0) {
          await trx(intents)
            .where({ id: paymentIntentId })
            .update({ processing_checks: locked.processing_checks - 1 })
          return toIntent(locked)
        }
        await setStatus(trx, paymentIntentId, 'requires_capture', null)
        return toIntent({ ...locked, status: 'requires_capture', last_error: null })
      })
      // Thrown once the transaction has counted the failure, as a provider that did not answer.
      if (answer === 'unreachable') throw new PaymentProviderUnavailable(paymentIntentId)
      return answer
    },

    async chargesOf(paymentIntentId: string): Promise<number> {
      const row = await knex<IntentRow>(intents).where({ id: paymentIntentId }).first('charges')
      if (!row) throw new PaymentIntentNotFound(paymentIntentId)
      return row.charges
    },

    async actAtDashboard(paymentIntentId, action): Promise<void> {
      await knex.transaction(async (trx) => {
        const intent = await lockIntent(trx, paymentIntentId)
        if (action === 'disputed') {
          await trx(intents).where({ id: paymentIntentId }).update({ disputed_at: trx.fn.now() })
          return
        }
        if (intent.status !== 'succeeded') throw new RefundRefused(paymentIntentId, 'not_paid')
        await trx<RefundRow>(refunds)
          .insert({
            id: `re_offline_${token(12)}`,
            payment_intent_id: paymentIntentId,
            amount_pence: intent.amount_pence,
            idempotency_key: `dashboard-${token(8)}`,
          })
          .onConflict('payment_intent_id')
          .ignore()
      })
    },

    async captureIntent(paymentIntentId: string): Promise<PaymentIntent> {
      return knex.transaction(async (trx) => {
        const row = await lockIntent(trx, paymentIntentId)
        if (row.status === 'succeeded') return toIntent(row)
        if (row.status !== 'requires_capture')
          throw new PaymentIntentNotCapturable(paymentIntentId, row.status)
        const [captured] = await trx(intents)
          .where({ id: paymentIntentId })
          .update({ status: 'succeeded', charges: trx.raw('charges + 1'), updated_at: trx.fn.now() })
          .returning<IntentRow[]>('*')
        if (!captured) throw new PaymentIntentNotFound(paymentIntentId)
        return toIntent(captured)
      })
    },
    async cancelIntent(paymentIntentId: string): Promise<void> {
      await knex.transaction(async (trx) => {
        const row = await lockIntent(trx, paymentIntentId)
        if (row.status === 'succeeded' || row.status === 'canceled' || row.status === 'requires_capture')
          return
        await setStatus(trx, paymentIntentId, 'canceled', row.last_error)
      })
    },
    async voidAuthorisation(paymentIntentId: string): Promise<void> {
      await knex.transaction(async (trx) => {
        const row = await lockIntent(trx, paymentIntentId)
        if (row.status === 'canceled') return
        if (row.status !== 'requires_capture')
          throw new PaymentIntentNotCapturable(paymentIntentId, row.status)
        await setStatus(trx, paymentIntentId, 'canceled', row.last_error)
      })
    },

    async confirmWithTestCard(paymentIntentId: string, card: TestCard): Promise<TestCardOutcome> {
      return knex.transaction(async (trx): Promise<TestCardOutcome> => {
        const row = await lockIntent(trx, paymentIntentId)
        if (row.status === 'succeeded' || row.status === 'requires_capture') {
          return { status: 'succeeded', message: cardMessages.succeeded }
        }
        if (row.status === 'processing') return { status: 'processing', message: cardMessages.processing }
        if (row.status === 'canceled') throw new PaymentIntentCanceled(paymentIntentId)
        const verdict = judgeCard(card, now())
        switch (verdict.kind) {
          case 'processing':
            await authorise(trx, paymentIntentId, 'processing', verdict.funding, {
              processing_checks: processingChecks,
            })
            return { status: 'processing', message: cardMessages.processing }
          case 'succeeds_then_unreachable':
            await authorise(trx, paymentIntentId, 'requires_capture', verdict.funding, {
              retrieve_failures: retrieveFailuresAfterCharge,
            })
            return { status: 'succeeded', message: cardMessages.succeeded }
          case 'refused':
            await setStatus(trx, paymentIntentId, 'requires_payment_method', verdict.message)
            return { status: 'declined', message: verdict.message }
          case 'requires_authentication':
            // Only an approval given while the intent awaits authentication completes it.
            if (row.status === 'requires_action' && card.authentication === 'failed') {
              await setStatus(
                trx,
                paymentIntentId,
                'requires_payment_method',
                cardMessages.authenticationFailed,
              )
              return { status: 'declined', message: cardMessages.authenticationFailed }
            }
            if (row.status !== 'requires_action' || card.authentication !== 'approved') {
              await setStatus(trx, paymentIntentId, 'requires_action', null)
              return { status: 'requires_action', message: cardMessages.authenticationRequired }
            }
            break
          case 'succeeds':
            break
          default: {
            const unexpected: never = verdict
            throw new Error(`Unexpected card verdict ${JSON.stringify(unexpected)}`)
          }
        }
        await authorise(trx, paymentIntentId, 'requires_capture', verdict.funding)
        return { status: 'succeeded', message: cardMessages.succeeded }
      })
    },

    async refund(request: { paymentIntentId: string; idempotencyKey: string }): Promise<Refund> {
      return knex.transaction(async (trx) => {
        const intent = await lockIntent(trx, request.paymentIntentId)
        const replay = await trx<RefundRow>(refunds)
          .where({ idempotency_key: request.idempotencyKey })
          .first()
        if (replay) {
          if (replay.payment_intent_id !== request.paymentIntentId) {
            throw new IdempotencyKeyReused(request.idempotencyKey)
          }
          return toRefund(replay)
        }
        // Authorised and allocated, not yet captured: the capture is on its way (the settlement
        // reactor), so this is a refund to ask again shortly, not one to refuse.
        if (intent.status === 'requires_capture')
          throw new PaymentProviderUnavailable(request.paymentIntentId)
        if (intent.status !== 'succeeded') {
          throw new RefundRefused(request.paymentIntentId, 'not_paid', `it is ${intent.status}`)
        }
        // Refunded already under another key (at the dashboard): that refund is the answer, as
        // the Stripe adapter answers the refund it finds on a charge Stripe says is refunded.
        const earlier = await trx<RefundRow>(refunds)
          .where({ payment_intent_id: request.paymentIntentId })
          .first()
        if (earlier) return toRefund(earlier)
        if (intent.disputed_at !== null || intent.dispute_status === 'open') {
          throw new RefundRefused(request.paymentIntentId, 'disputed', 'the cardholder disputed the charge')
        }
        const [created] = await trx<RefundRow>(refunds)
          .insert({
            id: `re_offline_${token(12)}`,
            payment_intent_id: request.paymentIntentId,
            amount_pence: intent.amount_pence,
            idempotency_key: request.idempotencyKey,
          })
          .returning('*')
        if (!created) throw new Error(`Refund of ${request.paymentIntentId} was not recorded`)
        return toRefund(created)
      })
    },

    async happenAtProvider(paymentIntentId: string, change: OfflineProviderChange): Promise<ProviderEvent> {
      const id = `evt_offline_${token(12)}`
      return knex.transaction(async (trx): Promise<ProviderEvent> => {
        const row = await lockIntent(trx, paymentIntentId)
        const refuse = (reason: string) => new ProviderEventRefused(paymentIntentId, reason)
        if (row.status !== 'succeeded') throw refuse(`it is ${row.status}: no money was taken`)
        const refunded = await trx<RefundRow>(refunds).where({ payment_intent_id: paymentIntentId }).first()
        switch (change.type) {
          case 'charge.refunded': {
            if (refunded) throw refuse(`it was refunded already (${refunded.id})`)
            const refundId = `re_offline_${token(12)}`
            await trx<RefundRow>(refunds).insert({
              id: refundId,
              payment_intent_id: paymentIntentId,
              amount_pence: row.amount_pence,
              idempotency_key: `provider-${id}`,
            })
            return { id, paymentIntentId, change: { kind: 'refunded', refundId } }
          }
          case 'charge.dispute.created': {
            if (refunded) throw refuse(`it was refunded already (${refunded.id})`)
            if (row.dispute_status === 'open') throw refuse(`dispute ${row.dispute_id} is open already`)
            const disputeId = `dp_offline_${token(12)}`
            await trx(intents)
              .where({ id: paymentIntentId })
              .update({ dispute_id: disputeId, dispute_status: 'open', updated_at: trx.fn.now() })
            return {
              id,
              paymentIntentId,
              change: { kind: 'dispute_created', disputeId, reason: change.reason },
            }
          }
          case 'charge.dispute.closed': {
            if (row.dispute_status !== 'open' || row.dispute_id === null)
              throw refuse('it has no dispute open')
            await trx(intents)
              .where({ id: paymentIntentId })
              .update({ dispute_status: change.outcome, updated_at: trx.fn.now() })
            const disputeId = row.dispute_id
            return {
              id,
              paymentIntentId,
              change: { kind: 'dispute_closed', disputeId, outcome: change.outcome },
            }
          }
          default: {
            const unexpected: never = change
            throw new Error(`Unexpected provider change ${JSON.stringify(unexpected)}`)
          }
        }
      })
    },

    verifyWebhook(): never {
      // Nothing outside sends the offline provider notifications; any that claims to is forged.
      throw new InvalidWebhookSignature()
    },
  }
}
