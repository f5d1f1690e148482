export {
  createEntryConfirmationReactor,
  type EntryConfirmationOptions,
  entryConfirmationName,
  startEntryConfirmationReactor,
} from './confirmation-reactor'
export {
  type ReservationExpiryOptions,
  reservationExpiryName,
  startReservationExpiry,
} from './expiry-reactor'
export {
  createRefundReactor,
  type RefundReactorOptions,
  refundReactorName,
  startRefundReactor,
} from './refund-reactor'
export {
  createPaymentSettlementReactor,
  type PaymentSettlementOptions,
  paymentSettlementName,
  startPaymentSettlement,
} from './settlement-reactor'
