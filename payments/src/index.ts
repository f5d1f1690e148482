export {
  cardMessages,
  createOfflinePaymentProvider,
  IdempotencyKeyReused,
  type OfflinePaymentProvider,
  type OfflinePaymentProviderOptions,
  type OfflinePaymentsRouterOptions,
  type OfflineProviderChange,
  offlineCardFunding,
  offlineDisputes,
  offlinePaymentBehaviours,
  offlinePaymentsRouter,
  offlinePaymentTables,
  offlineRefundRefusals,
  PaymentIntentCanceled,
  ProviderEventRefused,
  processingChecks,
  retrieveFailuresAfterCharge,
  type TestCardOutcome,
  testCards,
} from './offline'
export {
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
  type RefundRefusal,
  RefundRefused,
  type WebhookEvent,
} from './port'
export { type PaymentsRouterOptions, paymentsRouter } from './routes'
export { type ActivePaymentProvider, createPaymentProvider, type PaymentSettings } from './select'
export {
  createStripePaymentProvider,
  type StripePaymentProvider,
  type StripePaymentProviderOptions,
} from './stripe/stripe-provider'
