/**
 * What the reactors use of the command side (DESIGN section 2): its use cases, the ports and
 * the command-side rows they share. Never its routes.
 */
export { errorText, parkedEventsTable } from './admin/parked-store'
export { loadCompetition } from './admin/view'
export { type CommandHandler, createCommandHandler } from './command-handler'
export { knexRowWriter } from './command-rows'
export { type CompanyDetails, companyDetailsOf, defaultCompanyDetails } from './company-details'
export { drandChainOf } from './competitions/drand'
export { closeCompetition } from './competitions/lifecycle'
export { createCreditLimitedPaymentProvider } from './credit-limit'
export { deriveOneTimeToken, hashToken } from './crypto/one-time-token'
export { captureAllocated, voidUnallocated } from './entries/credit-card-limit'
export type { EntryDeps } from './entries/deps'
export {
  allocatePaidEntry,
  type EntryCommands,
  entryCommandsOf,
  refundIdempotencyKey,
} from './entries/entry-commands'
export { keepEntryOwnersPastLog } from './entries/owners'
export { keepReferencesPastLog } from './entries/reference-floor'
export type { CommandContext } from './event-metadata'
export type { Mailer, MailTransport, OutgoingMail, SmtpCheck, TestEmail, TestMails } from './mail-port'
export { migrateCommandTables } from './migrations'
export { migrateReactorTables } from './migrations/reactor-tables'
export { newsletterToken, subscriberKeyId } from './newsletter/subscribers'
export { applyToLedger, ledgerEventTypes } from './responsible-play/ledger-events'
export { marketingPausedFor } from './responsible-play/marketing'
export type { ServiceReactors } from './service'
export { loadSettings } from './settings/settings'
export { userDeletedReason } from './users/delete-user'
export { erasedUserRows } from './users/erase'
export {
  type ErasureRefundDeps,
  ErasureRefundsRefused,
  planErasureRefunds,
  releaseErasedUserReservations,
  settleErasureRefunds,
} from './users/erasure-refunds'
export { standingFromStream } from './users/session-standing'
export { loadUserState } from './users/user-stream'
