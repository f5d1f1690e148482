export { loadSecrets, type PlatformSecrets } from '@prizes/platform'
export { type CommandAppOptions, createCommandApp } from './app'
export { defaultSignInLimits, type SignInLimits } from './auth/login-guard'
export {
  defaultRateLimits,
  type RateLimitedAction,
  type RateLimitPolicies,
  type RateLimitPolicy,
} from './auth/rate-limits'
export {
  type CommandHandler,
  type CommandHandlerOptions,
  createCommandHandler,
  type DomainEvent,
  type HandleResult,
  type StreamStore,
} from './command-handler'
export {
  type CompanyDetails,
  companyDetailsOf,
  contactDetailsOf,
  defaultCompanyDetails,
} from './company-details'
export {
  type CompetitionResult,
  createCompetition,
  publishCompetition,
  reviseCompetition,
  setCompetitionFeatured,
} from './competitions/commands'
export { fetchDrandRandomness } from './competitions/drand'
export { loadDrawEvents } from './competitions/draw-events'
export { createDrawSeedStore, createInMemoryDrawSeeds, type DrawSeedStore } from './competitions/draw-seeds'
export {
  type CompleteDrawDeps,
  cancelCompetition,
  closeCompetition,
  completeDraw,
  DrawSeedMissing,
  deleteCompetition,
  drandMargin,
  PublicRandomnessRequired,
  startDraw,
} from './competitions/lifecycle'
export { nodeDrawCrypto } from './competitions/node-draw-crypto'
export { createCreditLimitedPaymentProvider } from './credit-limit'
export type { OptimiseReadModels } from './database/optimise'
export {
  type DatabaseJobs,
  type EventStoreKind,
  type ResetTestData,
  resetUnavailableMessage,
} from './database/routes'
export { countUnsentEmails, type EmailCounts } from './email-tools/outbox-admin'
export {
  allocateEntry,
  type ConfirmEntryPayment,
  confirmEntryPayment,
  defaultReferencePrefix,
  defaultReservationMinutes,
  type EntriesRouterDeps,
  type EntryDeps,
  type EntryPaymentError,
  type EntryRequest,
  type EntryResult,
  entriesRouter,
  isEntryPaymentError,
  nextEntryReference,
  PaymentNotFound,
  PaymentNotSucceeded,
  PaymentToBeRefunded,
  type PaymentToMake,
  recordRefund,
  releaseReservation,
  requestEntry,
  submitEntry,
  userEntryOf,
} from './entries'
export {
  allocatePaidEntry,
  type EntryCommands,
  entryCommandsOf,
  refundIdempotencyKey,
} from './entries/entry-commands'
export { mapCommandError } from './errors'
export { type CommandContext, schemaVersion } from './event-metadata'
export type { ConsumerRow, ProjectionRows } from './health'
export type { Mailer, MailTransport, OutgoingMail, SmtpCheck, TestEmail, TestMails } from './mail-port'
export { commandMigrationSource, migrateCommandTables } from './migrations'
export { migrateReactorTables } from './migrations/reactor-tables'
export { checkpointReadModels, type ReadModels } from './read-models'
export { type CommandService, type RetryDeps, type ServiceReactors, startCommandService } from './service'
export { changeSettings, loadSettings } from './settings/settings'
export {
  type AdminAccountInput,
  type AdminAccountOutcome,
  createAdminAccount,
  InvalidAdminAccount,
} from './users/admin-account'
export type { AccountDeps } from './users/deps'
export { eraseUser } from './users/erase'
export { type NewAccount, type OpenedAccount, openAccount } from './users/registration'
export { banUser, demoteUser, promoteUser, type StandingInput, unbanUser } from './users/standing'
export { type LoadedUser, loadUser, type UserResult } from './users/user-stream'
