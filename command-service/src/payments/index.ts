export {
  createOfflinePaymentProvider,
  IdempotencyKeyReused,
  type OfflinePaymentProvider,
  type OfflinePaymentProviderOptions,
  type OfflinePaymentsRouterOptions,
  offlinePaymentsRouter,
  PaymentIntentCanceled,
  RefundRefused,
  type TestCardOutcome,
  testCards,
} from './offline'
export {
  type CreateIntent,
  InvalidWebhookSignature,
  type PaymentIntent,
  PaymentIntentNotFound,
  type PaymentIntentStatus,
  type PaymentProvider,
  type Refund,
  type WebhookEvent,
} from './port'
