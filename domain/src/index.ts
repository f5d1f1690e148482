export type { CommandMetadata } from './command-metadata'
export {
  type CompetitionLifecycleEvent,
  type CompetitionLifecycleEventType,
  type CompetitionLifecycleStatus,
  canTransition,
  competitionLifecycleEventTypes,
  competitionLifecycleStatuses,
  competitionMachine,
  initialStatus,
  nextStatus,
  targetStatus,
} from './competition/competition.machine'
export {
  type CompetitionCommand,
  type CreateCompetition,
  competitionDecider,
  decide,
  type PublishCompetition,
  type ReviseCompetition,
  type SetCompetitionFeatured,
} from './competition/decide'
export { assertValidDetails } from './competition/details'
export {
  CompetitionAlreadyExists,
  CompetitionEndDatePassed,
  type CompetitionError,
  CompetitionNotFound,
  CompetitionTermsFixed,
  EndDateAlreadyExtended,
  type FixedTerm,
  InvalidCompetitionDetails,
  InvalidDrawInput,
  InvalidTransition,
  isCompetitionError,
  NoEligibleTickets,
  RandomnessNotSealed,
  RandomnessNotYetPublished,
  SeedDoesNotMatchCommitment,
} from './competition/errors'
export {
  type CompetitionEvent,
  type CompetitionEventType,
  decodeCompetitionEvent,
} from './competition/events'
export type {
  CancelCompetition,
  CloseCompetition,
  CompleteDraw,
  DeleteCompetition,
  ExtendEndDate,
  LifecycleCommand,
  StartDraw,
} from './competition/lifecycle'
export { maxExtensionMs } from './competition/lifecycle'
export { createdStatus, lifecycleMoveOf, statusAfter } from './competition/recorded-status'
export {
  type Competition,
  type CompetitionState,
  evolve,
  initialState,
  type NoCompetition,
} from './competition/state'
export {
  type ContactCommand,
  ContactMessageClosed,
  ContactMessageNotFound,
  type ContactMessageState,
  ContactReferenceTaken,
  contactDecider,
  decodeContactEvent,
  type ReceiveContactMessage,
} from './contact/decide'
export type { Decider, EventDecoder, SnapshotCodec, StoredEvent, StreamDecider } from './decider'
export { DomainError } from './domain-error'
export * from './draw'
export type {
  AllocateTickets,
  EntryCommand,
  QuoteEntry,
  RecordPostalEntry,
  RecordProviderChange,
  RecordRefund,
  ReleaseReservation,
  RequestRefund,
  ReserveTickets,
} from './entry/commands'
export { maxEntriesPerPurchase } from './entry/decide'
export {
  CompetitionNotActive,
  EntryAlreadyExists,
  EntryCapReached,
  type EntryError,
  EntryNotFound,
  EntryNotRefundable,
  InvalidEntry,
  InvalidPostalEntry,
  isEntryError,
  NotEnoughTickets,
  PostalEntryAfterClose,
  type RefundRefusal,
} from './entry/errors'
export {
  type EntryPayment,
  type OwnedEntry,
  ownedEntryOf,
  paymentOf,
  toUserEntry,
} from './entry/owner-view'
export {
  type EntryPaymentEvent,
  type EntryPaymentEventType,
  type EntryPaymentStatus,
  entryPaymentEventTypes,
  entryPaymentMachine,
  entryPaymentStatuses,
  nextPaymentStatus,
} from './entry/payment.machine'
export { entryReferenceNumber, entryReferencePattern, formatEntryReference } from './entry/reference'
export { answersCorrectly, givenQuestion, pickQuestionIndex } from './entry/skill-question'
export {
  type Entries,
  type Entry,
  heldTickets,
  remainingTickets,
  type Tickets,
  ticketsOfUser,
} from './entry/state'
export * from './entry-flow'
export {
  type ConfirmNewsletterSubscription,
  type NewsletterCommand,
  type NewsletterState,
  newsletterConfirmationLifetimeMs,
  newsletterDecider,
  newsletterResendWindowMs,
  type RequestNewsletterSubscription,
  type UnsubscribeFromNewsletter,
} from './newsletter/decide'
export {
  isNewsletterError,
  type NewsletterError,
  NewsletterTokenExpired,
  UnknownNewsletterToken,
} from './newsletter/errors'
export { decodeNewsletterEvent, type NewsletterEvent } from './newsletter/events'
export {
  decideParkedEvent,
  decodeParkedEventEvent,
  type ParkedEventCommand,
  type ParkedEventState,
  parkedEventDecider,
} from './parked-event/decide'
export * from './rules'
export {
  type ChangeSettings,
  decideSettings,
  evolveSettings,
  initialSettingsState,
  type SettingsCommand,
  type SettingsState,
  settingsDecider,
} from './settings/decide'
export { decodeSettingsEvent, type SettingsEvent } from './settings/events'
export {
  type SetSpendingAlert,
  type SpendingAlertEvent,
  type SpendingAlertState,
  spendingAlertDecider,
} from './settings/spending-alert'
export type {
  BanUser,
  ChangePassword,
  DemoteUser,
  EraseUser,
  MarkEmailVerified,
  NewLink,
  PromoteUser,
  RegisterUser,
  Registration,
  RequestEmailVerification,
  RequestPasswordReset,
  ResetPassword,
  UnbanUser,
  UpdateProfile,
  UserCommand,
  VerifyEmail,
} from './user/commands'
export { decide as decideUser, userDecider } from './user/decide'
export { assertResetLinkUsable } from './user/decide-links'
export {
  AccountBanned,
  CannotActOnSelf,
  EmailNotVerified,
  EmailTaken,
  GuestSetupPending,
  IncorrectCurrentPassword,
  InvalidCredentials,
  InvalidDateOfBirth,
  InvalidToken,
  isUserError,
  type OneTimeTokenPurpose,
  RegistrationsClosed,
  UserAlreadyExists,
  type UserError,
  UserNotFound,
} from './user/errors'
export { decodeUserEvent, type UserEvent, type UserEventType } from './user/events'
export {
  assertNotOnBreak,
  assertWithinLimit,
  breakAt,
  breakEnd,
  limitAt,
  pendingAt,
  type ResponsiblePlay,
  type ResponsiblePlayCommand,
  type SetSpendingLimit,
  type SkipSpendingLimit,
  type TakeBreak,
} from './user/responsible-play'
export {
  AccountHeldForReview,
  BreakCannotBeShortened,
  EntrantOnBreak,
  isResponsiblePlayError,
  OnBreak,
  type ResponsiblePlayError,
  SpendingLimitReached,
} from './user/responsible-play-errors'
export {
  ageOn,
  assertCanSignIn,
  assertRegistrableDateOfBirth,
  dateOfBirthProblem,
  expiryAfter,
  guestPasswordLinkLifetimeMs,
  invalidDateOfBirthMessage,
  isExpired,
  isGuestSettingUp,
  oldestPlausibleAge,
  resetLinkLifetimeMs,
  verificationLinkLifetimeMs,
} from './user/rules'
export {
  type ErasedUser,
  evolve as evolveUser,
  initialState as initialUserState,
  type NoUser,
  type OutstandingToken,
  type RegisteredUser,
  type UserState,
} from './user/state'
