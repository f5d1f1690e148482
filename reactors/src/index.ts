export {
  createMailReactor,
  type MailReactorOptions,
  mailReactorName,
  startMailReactor,
} from './account-mail/mail-reactor'
export {
  type CommandReactors,
  type CommandReactorsOptions,
  prepareCommandReactors,
  serviceReactorsOf,
} from './consumers'
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
export * from './mail'
export { type Reactor, type RunningReactor, type StartReactorOptions, startReactor } from './runner'
export { knexUserKeyReader, type UserKeyReader } from './user-keys'
export { createUserRowsReactor, startUserRowsReactor, userRowsReactorName } from './users/user-rows-reactor'
