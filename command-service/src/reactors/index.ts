export {
  allocatePaidEntry,
  createEntryConfirmationReactor,
  createRefundReactor,
  type EntryCommands,
  type EntryConfirmationOptions,
  type EntryReactorsOptions,
  entryCommandsOf,
  entryConfirmationName,
  type RefundReactorOptions,
  type ReservationExpiryOptions,
  type RunningEntryReactors,
  refundIdempotencyKey,
  refundReactorName,
  reservationExpiryName,
  startEntryConfirmationReactor,
  startEntryReactors,
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
