export { allocateEntry, nextEntryReference } from './allocate'
export { type ConfirmEntryPayment, confirmEntryPayment } from './confirm'
export {
  CreditCardLimitReached,
  captureAllocated,
  holdWithinCreditLimit,
  voidUnallocated,
} from './credit-card-limit'
export { defaultReferencePrefix, defaultReservationMinutes, type EntryDeps } from './deps'
export {
  type EntryRequest,
  type PaymentToMake,
  recordRefund,
  releaseReservation,
  requestEntry,
  submitEntry,
} from './entries'
export {
  type EntryPaymentError,
  PaymentNotFound,
  PaymentNotSucceeded,
  PaymentNotTaken,
  PaymentToBeRefunded,
} from './errors'
export { followProviderEvent, type ProviderEventOutcome } from './provider-events'
export { type EntriesRouterDeps, entriesRouter } from './routes'
export { type EntryResult, userEntryOf } from './stream'
