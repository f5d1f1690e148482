import {
  type ActivePaymentProvider,
  createPaymentProvider,
  type PaymentProvider,
  type PaymentSettings,
} from '@prizes/payments'
import type { Knex } from 'knex'
import { giveCreditBack } from './ledger'

/**
 * The provider with every refund giving the payment's credit card amount back to the month it
 * was counted in, whoever refunds (the refund reactor, an admin, an erasure, a cancellation).
 * A failure after the refund throws, and the caller's retry (same refund key, same refund)
 * gives it back then; giving back is once per intent.
 */
export function withCreditRefunds<P extends PaymentProvider>(provider: P, knex: Knex): P {
  return {
    ...provider,
    async refund(request) {
      const refund = await provider.refund(request)
      await giveCreditBack(knex, request.paymentIntentId, 'refunded')
      return refund
    },
  }
}

/**
 * The provider the platform runs with (`createPaymentProvider`: Stripe with its three keys, else
 * the offline test provider), every refund giving its credit card amount back to the monthly
 * limit.
 */
export function createCreditLimitedPaymentProvider(
  config: PaymentSettings,
  knex: Knex,
): ActivePaymentProvider {
  return withCreditRefunds(createPaymentProvider(config, knex), knex)
}
