export {
  createOfflinePaymentProvider,
  IdempotencyKeyReused,
  type OfflinePaymentProvider,
  type OfflinePaymentProviderOptions,
  type OfflineProviderChange,
  PaymentIntentCanceled,
  ProviderEventRefused,
  type TestCardOutcome,
} from './offline-provider'
export { type OfflinePaymentsRouterOptions, offlinePaymentsRouter } from './offline-router'
export { cardMessages, testCards } from './test-cards'
