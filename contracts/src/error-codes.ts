// No zod here: the web's first script takes these codes without the schemas.

/**
 * Every error code a service answers with or a use case throws, each declared once, grouped by
 * what it is about. `errorAnswers` (error-answers.ts) gives each its HTTP status and default
 * message; a code missing there does not compile, and a test holds the services to these.
 */
export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  maintenance: 'MAINTENANCE',
  /** The database (or another part the service needs) is down or hung: try again shortly. */
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  /** A request the server could not read at all (a multipart form that is not one). */
  badRequest: 'BAD_REQUEST',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** A feature this instance is not configured for (image uploads without a media folder). */
  featureUnavailable: 'UNAVAILABLE',
  /** The gateway's service answered too late (written by the gateway's proxy itself). */
  gatewayTimeout: 'GATEWAY_TIMEOUT',
  webNotBuilt: 'WEB_NOT_BUILT',
} as const

/** Error codes of the auth endpoints (the `code` of the error body). */
export const authErrorCodes = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailTaken: 'EMAIL_TAKEN',
  registrationsClosed: 'REGISTRATIONS_CLOSED',
  accountBanned: 'ACCOUNT_BANNED',
  invalidToken: 'INVALID_TOKEN',
  rateLimited: errorCodes.rateLimited,
  /** A guest still setting up tried to change the password chosen at entry. */
  guestSetupPending: 'GUEST_SETUP_PENDING',
} as const

/** Accounts, besides signing in. */
export const userErrorCodes = {
  userNotFound: 'USER_NOT_FOUND',
  userAlreadyExists: 'USER_ALREADY_EXISTS',
  /** Sent as VALIDATION_FAILED naming `dateOfBirth`. */
  invalidDateOfBirth: 'INVALID_DATE_OF_BIRTH',
  /** Sent as VALIDATION_FAILED naming `currentPassword`. */
  incorrectCurrentPassword: 'INCORRECT_CURRENT_PASSWORD',
  cannotActOnSelf: 'CANNOT_ACT_ON_SELF',
} as const

/** The refusals of responsible play, as the web tells them apart. */
export const responsiblePlayErrorCodes = {
  spendingLimitReached: 'SPENDING_LIMIT_REACHED',
  onBreak: 'TAKING_A_BREAK',
  breakCannotBeShortened: 'BREAK_CANNOT_BE_SHORTENED',
  heldForReview: 'ACCOUNT_HELD_FOR_REVIEW',
} as const

export const competitionErrorCodes = {
  alreadyExists: 'COMPETITION_ALREADY_EXISTS',
  notFound: 'COMPETITION_NOT_FOUND',
  invalidTransition: 'INVALID_TRANSITION',
  /** Sent as VALIDATION_FAILED with the fields named. */
  invalidDetails: 'INVALID_COMPETITION_DETAILS',
  termsFixed: 'COMPETITION_TERMS_FIXED',
  endDatePassed: 'COMPETITION_END_DATE_PASSED',
  endDateAlreadyExtended: 'END_DATE_ALREADY_EXTENDED',
} as const

export const drawErrorCodes = {
  /** Sent as VALIDATION_FAILED naming the field. */
  invalidInput: 'INVALID_DRAW_INPUT',
  seedDoesNotMatchCommitment: 'SEED_DOES_NOT_MATCH_COMMITMENT',
  randomnessNotSealed: 'RANDOMNESS_NOT_SEALED',
  randomnessNotYetPublished: 'RANDOMNESS_NOT_YET_PUBLISHED',
  noEligibleTickets: 'NO_ELIGIBLE_TICKETS',
  testChainRefused: 'TEST_CHAIN_DRAW_REFUSED',
  seedMissing: 'DRAW_SEED_MISSING',
  publicRandomnessRequired: 'PUBLIC_RANDOMNESS_REQUIRED',
  unverifiedRandomnessRefused: 'UNVERIFIED_RANDOMNESS_REFUSED',
} as const

export const entryErrorCodes = {
  notEnoughTickets: 'NOT_ENOUGH_TICKETS',
  competitionNotActive: 'COMPETITION_NOT_ACTIVE',
  paymentNotSucceeded: 'PAYMENT_NOT_SUCCEEDED',
  /** A payment whose intent was cancelled (its reservation ended): sent as PAYMENT_NOT_SUCCEEDED, 409. */
  paymentExpired: 'PAYMENT_EXPIRED',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  /** The provider has the payment and has not decided yet: ask again in a moment. */
  paymentProcessing: 'PAYMENT_PROCESSING',
  /** The provider could not be reached: nothing changed, ask again in a moment. */
  paymentProviderUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** More entries than the competition's per-person cap allows. */
  entryCapReached: 'ENTRY_CAP_REACHED',
  entryNotFound: 'ENTRY_NOT_FOUND',
  entryAlreadyExists: 'ENTRY_ALREADY_EXISTS',
  /** Sent as VALIDATION_FAILED naming the field. */
  invalidEntry: 'INVALID_ENTRY',
  entryNotRefundable: 'ENTRY_NOT_REFUNDABLE',
  invalidPostalEntry: 'INVALID_POSTAL_ENTRY',
  /** A postal entry's date that cannot be: sent as VALIDATION_FAILED naming `receivedAt`. */
  invalidPostalDate: 'INVALID_POSTAL_DATE',
  postalEntryAfterClose: 'POSTAL_ENTRY_AFTER_CLOSE',
  /** Issue 14 item 4: confirm-payment answers 409 with it. */
  creditCardLimit: 'CREDIT_CARD_LIMIT',
} as const

/** The refusal's code: confirm-payment answers 409 with it. */
export const creditCardLimitCode = entryErrorCodes.creditCardLimit

export const contactErrorCodes = {
  /** Never answered: the command side draws another reference. */
  referenceTaken: 'CONTACT_REFERENCE_TAKEN',
  messageNotFound: 'CONTACT_MESSAGE_NOT_FOUND',
  messageClosed: 'CONTACT_MESSAGE_CLOSED',
} as const

export const newsletterErrorCodes = {
  unknownToken: 'UNKNOWN_NEWSLETTER_TOKEN',
  tokenExpired: 'NEWSLETTER_TOKEN_EXPIRED',
} as const

/** The admin's tools: refunds, parked events, email, the database. */
export const adminErrorCodes = {
  entryAlreadyRefunded: 'ENTRY_ALREADY_REFUNDED',
  competitionNotOpen: 'COMPETITION_NOT_OPEN',
  entryNotPaid: 'ENTRY_NOT_PAID',
  refundRefused: 'REFUND_REFUSED',
  refundPending: 'REFUND_PENDING',
  parkedEventNotFound: 'PARKED_EVENT_NOT_FOUND',
  parkedEventResolved: 'PARKED_EVENT_RESOLVED',
  parkedEventRetrying: 'PARKED_EVENT_RETRYING',
  parkedEventNotRetryable: 'PARKED_EVENT_NOT_RETRYABLE',
  parkedEventStillFailing: 'PARKED_EVENT_STILL_FAILING',
  mailNotConfigured: 'MAIL_NOT_CONFIGURED',
  emailNotFound: 'EMAIL_NOT_FOUND',
  emailNotFailed: 'EMAIL_NOT_FAILED',
  emailNotResendable: 'EMAIL_NOT_RESENDABLE',
  backupPasswordIncorrect: 'PASSWORD_INCORRECT',
  resetNotAvailable: 'RESET_NOT_AVAILABLE',
} as const

type CodesOf<T> = T[keyof T]

export type ErrorCode =
  | CodesOf<typeof errorCodes>
  | CodesOf<typeof authErrorCodes>
  | CodesOf<typeof userErrorCodes>
  | CodesOf<typeof responsiblePlayErrorCodes>
  | CodesOf<typeof competitionErrorCodes>
  | CodesOf<typeof drawErrorCodes>
  | CodesOf<typeof entryErrorCodes>
  | CodesOf<typeof contactErrorCodes>
  | CodesOf<typeof newsletterErrorCodes>
  | CodesOf<typeof adminErrorCodes>

/** Every code above, once. */
export const allErrorCodes: readonly ErrorCode[] = [
  ...new Set<ErrorCode>(
    [
      errorCodes,
      authErrorCodes,
      userErrorCodes,
      responsiblePlayErrorCodes,
      competitionErrorCodes,
      drawErrorCodes,
      entryErrorCodes,
      contactErrorCodes,
      newsletterErrorCodes,
      adminErrorCodes,
    ].flatMap((group) => Object.values(group)),
  ),
]
