export { type CommandAppOptions, createCommandApp } from './app'
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
export { mapCommandError } from './errors'
export { type CommandContext, schemaVersion } from './event-metadata'
export {
  brand,
  createSmtpMailer,
  guestInvitationEmail,
  InvalidSmtpUrl,
  type Mailer,
  type OutgoingMail,
  passwordResetEmail,
  type RenderedEmail,
  type SmtpMailerOptions,
  verificationEmail,
} from './mail'
export {
  createMailReactor,
  knexUserKeyReader,
  type MailReactorOptions,
  migrateReactorTables,
  type Reactor,
  ReactorStopped,
  type RunningReactor,
  startMailReactor,
  startReactor,
  type UserKeyReader,
} from './reactors'
