export {
  createEntryConfirmationReactor,
  createRefundReactor,
  type EntryConfirmationOptions,
  entryConfirmationName,
  type RefundReactorOptions,
  type ReservationExpiryOptions,
  refundReactorName,
  reservationExpiryName,
  startEntryConfirmationReactor,
  startRefundReactor,
  startReservationExpiry,
} from './entries'
export * from './lifecycle'
export {
  createMailReactor,
  type MailReactorOptions,
  mailReactorName,
  startMailReactor,
} from './mail/mail-reactor'
export { type Reactor, type RunningReactor, type StartReactorOptions, startReactor } from './runner'
export { knexUserKeyReader, type UserKeyReader } from './user-keys'
export { createUserRowsReactor, startUserRowsReactor, userRowsReactorName } from './users/user-rows-reactor'
