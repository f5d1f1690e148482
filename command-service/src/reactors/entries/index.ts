export {
  createEntryConfirmationReactor,
  type EntryConfirmationOptions,
  entryConfirmationName,
  startEntryConfirmationReactor,
} from './confirmation-reactor'
export { allocatePaidEntry, type EntryCommands, entryCommandsOf } from './entry-commands'
export {
  type ReservationExpiryOptions,
  reservationExpiryName,
  startReservationExpiry,
} from './expiry-reactor'
export {
  createRefundReactor,
  type RefundReactorOptions,
  refundIdempotencyKey,
  refundReactorName,
  startRefundReactor,
} from './refund-reactor'
export {
  createPaymentSettlementReactor,
  type PaymentSettlementOptions,
  paymentSettlementName,
  startPaymentSettlement,
} from './settlement-reactor'
