import type { Knex } from 'knex'
import { createOfflinePaymentProvider, type OfflinePaymentProvider } from './offline/offline-provider'
import { createStripePaymentProvider, type StripePaymentProvider } from './stripe/stripe-provider'

export interface PaymentSettings {
  readonly STRIPE_SECRET_KEY?: string | undefined
  readonly STRIPE_PUBLISHABLE_KEY?: string | undefined
  readonly STRIPE_WEBHOOK_SECRET?: string | undefined
}

/** The provider the platform runs with; `name` tells which, and narrows to it. */
export type ActivePaymentProvider = OfflinePaymentProvider | StripePaymentProvider

/**
 * Stripe when the configuration has its three keys (`loadConfig` refuses one or two), else the
 * offline test provider on the command-side database.
 */
export function createPaymentProvider(config: PaymentSettings, knex: Knex): ActivePaymentProvider {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config
  if (STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY && STRIPE_WEBHOOK_SECRET) {
    return createStripePaymentProvider({
      secretKey: STRIPE_SECRET_KEY,
      publishableKey: STRIPE_PUBLISHABLE_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
    })
  }
  return createOfflinePaymentProvider({ knex })
}
