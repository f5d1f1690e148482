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
export { type CommandReactors, type CommandReactorsOptions, prepareCommandReactors } from './consumers'
export { createCreditLimitedPaymentProvider } from './credit-limit'
export { type BackupOptions, writeBackup } from './database/backup'
export {
  BackupDecryptionFailed,
  checkPassphrase,
  decryptBackup,
  encryptBackup,
  linesOf,
  minimumPassphraseLength,
  PassphraseTooShort,
} from './database/backup-crypto'
export {
  backedUpTableNames,
  backupFileName,
  type EventStoreKind,
} from './database/backup-format'
export { optimiseReadModels, readModelTables } from './database/optimise'
export {
  InvalidBackup,
  RestoredLogNotReadable,
  type RestoreOptions,
  type RestoreSummary,
  RestoreTargetNotEmpty,
  restoreBackup,
  verifyBackup,
} from './database/restore'
export { type ResetTestData, resetUnavailableMessage } from './database/routes'
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
export { mapCommandError } from './errors'
export { type CommandContext, schemaVersion } from './event-metadata'
export {
  brand,
  companyDetailsOf,
  contactDetailsOf,
  countUnsentEmails,
  createMailOutbox,
  createSmtpMailer,
  type EmailCounts,
  type EntryConfirmation,
  entryConfirmationEmail,
  guestInvitationEmail,
  InvalidSmtpUrl,
  type Mailer,
  type MailOutbox,
  type MailTransport,
  type OutgoingMail,
  passwordResetEmail,
  type RenderedEmail,
  type RunningMailSender,
  type SmtpMailerOptions,
  startMailSender,
  verificationEmail,
} from './mail'
export { commandMigrationSource, migrateCommandTables } from './migrations'
export {
  allocatePaidEntry,
  createMailReactor,
  type EntryCommands,
  entryCommandsOf,
  knexUserKeyReader,
  type LifecycleCommands,
  lifecycleCommandsOf,
  type MailReactorOptions,
  migrateReactorTables,
  type Reactor,
  type RunningReactor,
  startMailReactor,
  startReactor,
  type UserKeyReader,
} from './reactors'
export { checkpointReadModels, type ReadModels } from './read-models'
export { type CommandService, startCommandService } from './service'
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
