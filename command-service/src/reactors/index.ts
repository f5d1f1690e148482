export {
  allocatePaidEntry,
  createEntryConfirmationReactor,
  createRefundReactor,
  type EntryCommands,
  type EntryConfirmationOptions,
  entryCommandsOf,
  entryConfirmationName,
  type RefundReactorOptions,
  type ReservationExpiryOptions,
  refundIdempotencyKey,
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
export { migrateReactorTables } from './tables'
export { knexUserKeyReader, type UserKeyReader } from './user-keys'
export { createUserRowsReactor, startUserRowsReactor, userRowsReactorName } from './users/user-rows-reactor'
