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
export {
  offlineCardFunding,
  offlineDisputes,
  offlinePaymentBehaviours,
  offlinePaymentTables,
  offlineRefundRefusals,
} from './schema'
export { cardMessages, processingChecks, retrieveFailuresAfterCharge, testCards } from './test-cards'
