import { backupMessages } from './admin/database'
import { adminEntryMessages } from './admin/entries'
import { parkedEventMessages } from './admin/parked-events'
import { settingsMessages } from './admin/settings-messages'
import {
  adminErrorCodes as admin,
  authErrorCodes as auth,
  competitionErrorCodes as competition,
  contactErrorCodes as contact,
  drawErrorCodes as draw,
  type ErrorCode,
  entryErrorCodes as entry,
  errorCodes as general,
  newsletterErrorCodes as newsletter,
  responsiblePlayErrorCodes as play,
  userErrorCodes as user,
} from './error-codes'

/** Every status an error is answered with. */
export type ErrorAnswerStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503

/** How one error code is answered over HTTP. */
export interface ErrorAnswer {
  readonly status: ErrorAnswerStatus
  /** What the client is told when the error brings no message of its own. */
  readonly message: string
  /**
   * The code the client sees when it is not the error's own: a form rule a use case finds is
   * VALIDATION_FAILED naming the field, like the forms' own checks.
   */
  readonly sentAs?: ErrorCode
  /** `Retry-After` unless the error says otherwise. */
  readonly retryAfterSeconds?: number
}

const internal = 'Something went wrong on our side. Please try again.'

/**
 * The one table of error answers (DESIGN section 10): each code's status and default message.
 * The services' error middleware (platform's `errorHandler`) answers every typed error from it;
 * missing is 404, a rule the moment forbids 409, bad details 400 with the fields named.
 */
export const errorAnswers: { readonly [Code in ErrorCode]: ErrorAnswer } = {
  [general.validation]: { status: 400, message: 'Please correct the highlighted fields' },
  [general.unauthorized]: { status: 401, message: 'Please sign in to continue' },
  [general.forbidden]: { status: 403, message: 'Access denied. Admin privileges required.' },
  [general.notFound]: { status: 404, message: 'Not found' },
  // Only reached once the handler's retries are spent: a burst of writes to one stream.
  [general.conflict]: {
    status: 409,
    message: 'This was changed by someone else at the same time. Please try again.',
  },
  [general.rateLimited]: { status: 429, message: 'Too many requests. Please try again in a moment.' },
  [general.maintenance]: { status: 503, message: settingsMessages.maintenance, retryAfterSeconds: 60 },
  [general.unavailable]: {
    status: 503,
    message: 'The service cannot reach its database right now. Please try again in a moment.',
    retryAfterSeconds: 5,
  },
  [general.internal]: { status: 500, message: internal },
  [general.badRequest]: { status: 400, message: 'The request could not be read' },
  [general.payloadTooLarge]: { status: 413, message: 'Request body is too large' },
  [general.unsupportedMediaType]: { status: 415, message: 'This kind of content is not accepted here' },
  [general.methodNotAllowed]: { status: 405, message: 'This method is not allowed here' },
  [general.featureUnavailable]: { status: 503, message: 'This is not configured on this platform' },
  [general.gatewayTimeout]: {
    status: 503,
    message: 'The service took too long to answer. Please try again.',
  },
  [general.webNotBuilt]: { status: 503, message: 'The web app is not built. Run `npm run build:web`.' },

  [auth.emailNotVerified]: { status: 403, message: 'Please verify your email before signing in' },
  [auth.invalidCredentials]: { status: 401, message: 'Invalid email or password' },
  [auth.emailTaken]: { status: 409, message: 'An account already uses this email' },
  [auth.registrationsClosed]: { status: 403, message: 'New registrations are closed at the moment' },
  [auth.accountBanned]: { status: 403, message: 'This account has been suspended' },
  [auth.invalidToken]: { status: 400, message: 'Invalid or expired link' },
  [auth.guestSetupPending]: { status: 409, message: 'Finish setting up the account first' },

  [user.userNotFound]: { status: 404, message: 'User not found' },
  [user.userAlreadyExists]: { status: 409, message: 'This user exists already' },
  [user.invalidDateOfBirth]: { status: 400, message: 'Invalid date of birth', sentAs: general.validation },
  [user.incorrectCurrentPassword]: {
    status: 400,
    message: 'Your current password is incorrect',
    sentAs: general.validation,
  },
  [user.cannotActOnSelf]: { status: 409, message: 'An admin cannot do this to their own account' },

  [play.spendingLimitReached]: { status: 409, message: 'This would pass your monthly spending limit' },
  [play.onBreak]: { status: 409, message: 'You are taking a break' },
  [play.breakCannotBeShortened]: { status: 409, message: 'A break cannot be shortened' },
  [play.heldForReview]: { status: 409, message: 'This account is held for review' },

  [competition.alreadyExists]: { status: 409, message: 'This competition exists already' },
  [competition.notFound]: { status: 404, message: 'Competition not found' },
  [competition.invalidTransition]: { status: 409, message: 'The competition cannot do that now' },
  [competition.invalidDetails]: {
    status: 400,
    message: 'Please correct the highlighted fields',
    sentAs: general.validation,
  },
  [competition.termsFixed]: {
    status: 409,
    message: 'The terms of a competition with entries cannot change',
  },
  [competition.endDatePassed]: { status: 409, message: 'The end date has passed' },
  [competition.endDateAlreadyExtended]: { status: 409, message: 'The end date was extended already' },

  [draw.invalidInput]: { status: 400, message: 'Invalid draw input', sentAs: general.validation },
  [draw.seedDoesNotMatchCommitment]: { status: 409, message: 'The seed does not match the commitment' },
  [draw.randomnessNotSealed]: { status: 409, message: 'The randomness is not the sealed one' },
  [draw.randomnessNotYetPublished]: { status: 409, message: 'The randomness is not published yet' },
  [draw.noEligibleTickets]: { status: 409, message: 'No ticket is eligible for the draw' },
  [draw.testChainRefused]: { status: 409, message: 'A test chain cannot draw here' },
  [draw.seedMissing]: { status: 409, message: 'The draw seed is missing' },
  [draw.publicRandomnessRequired]: { status: 409, message: 'The public randomness is required' },
  [draw.unverifiedRandomnessRefused]: { status: 409, message: 'Unverified randomness is refused' },

  [entry.notEnoughTickets]: { status: 409, message: 'Not enough tickets left' },
  [entry.competitionNotActive]: { status: 409, message: 'This competition is not open for entries' },
  [entry.paymentNotSucceeded]: { status: 402, message: 'The payment did not succeed' },
  [entry.paymentExpired]: {
    status: 409,
    message: 'This payment has expired. Please start your entry again.',
    sentAs: entry.paymentNotSucceeded,
  },
  [entry.paymentNotFound]: { status: 404, message: 'Payment not found' },
  // Not a failure: the same request answers the entry once the provider decides.
  [entry.paymentProcessing]: { status: 409, message: 'The payment is still processing' },
  [entry.paymentProviderUnavailable]: {
    status: 503,
    message: 'We could not reach the payment provider. Please try again in a moment.',
    retryAfterSeconds: 2,
  },
  [entry.entryCapReached]: { status: 409, message: 'No more entries are allowed in this competition' },
  [entry.entryNotFound]: { status: 404, message: adminEntryMessages.notFound },
  [entry.entryAlreadyExists]: { status: 409, message: 'This entry exists already' },
  [entry.invalidEntry]: { status: 400, message: 'Invalid entry', sentAs: general.validation },
  [entry.entryNotRefundable]: { status: 409, message: 'This entry cannot be refunded' },
  [entry.invalidPostalEntry]: { status: 409, message: 'This postal entry cannot be recorded' },
  [entry.invalidPostalDate]: {
    status: 400,
    message: 'This date cannot be a postal entry date',
    sentAs: general.validation,
  },
  [entry.postalEntryAfterClose]: {
    status: 409,
    message: 'This envelope arrived after the competition closed',
  },
  // Nothing was taken; the entrant may pay with a debit card (a new payment).
  [entry.creditCardLimit]: { status: 409, message: 'Credit card payments are limited each month' },

  // Drawn again on the command side; should it ever escape, it is our failure.
  [contact.referenceTaken]: { status: 500, message: internal, sentAs: general.internal },
  [contact.messageNotFound]: { status: 404, message: 'No message has this reference' },
  [contact.messageClosed]: { status: 409, message: 'This message is closed' },

  // An unknown link is not found; an expired one was real, and is refused as a bad request.
  [newsletter.unknownToken]: { status: 404, message: 'This link is not known' },
  [newsletter.tokenExpired]: { status: 400, message: 'This link has expired' },

  [admin.entryAlreadyRefunded]: { status: 409, message: adminEntryMessages.alreadyRefunded },
  [admin.competitionNotOpen]: { status: 409, message: adminEntryMessages.competitionNotOpen },
  [admin.entryNotPaid]: { status: 409, message: adminEntryMessages.notPaid },
  [admin.refundRefused]: { status: 409, message: adminEntryMessages.refundRefused },
  [admin.refundPending]: { status: 503, message: adminEntryMessages.refundPending },
  [admin.parkedEventNotFound]: { status: 404, message: parkedEventMessages.notFound },
  [admin.parkedEventResolved]: { status: 409, message: parkedEventMessages.alreadyResolved },
  [admin.parkedEventRetrying]: { status: 409, message: parkedEventMessages.busy },
  [admin.parkedEventNotRetryable]: { status: 409, message: parkedEventMessages.notRetryable },
  [admin.parkedEventStillFailing]: { status: 409, message: parkedEventMessages.stillFailing },
  [admin.mailNotConfigured]: { status: 503, message: 'No mail transport is configured' },
  [admin.emailNotFound]: { status: 404, message: 'Email not found' },
  [admin.emailNotFailed]: { status: 409, message: 'This email is already sent or waiting to be sent' },
  [admin.emailNotResendable]: { status: 409, message: 'This email can no longer be sent again' },
  [admin.backupPasswordIncorrect]: { status: 403, message: backupMessages.passwordIncorrect },
  [admin.resetNotAvailable]: { status: 409, message: 'Reset test data is not available here' },
}

/** Form fields an error is about, each with its reasons. */
export type FieldErrors = Readonly<Record<string, readonly string[] | undefined>>

/**
 * An error a service answers with: its `code` is declared in `error-codes.ts`, and `errorAnswers`
 * says how it is answered. Domain errors are these; so is every refusal a use case or route makes.
 */
export abstract class CodedError extends Error {
  abstract readonly code: ErrorCode
  /** The form fields it is about, shown beside them. */
  declare readonly fieldErrors?: FieldErrors
  /** `Retry-After`, when not the table's. */
  declare readonly retryAfterSeconds?: number
  constructor(message: string) {
    super(message)
    this.name = new.target.name
  }
}

/** A refusal that needs no class of its own: a code, and the message when not the table's. */
export class Refusal<Code extends ErrorCode = ErrorCode> extends CodedError {
  constructor(
    readonly code: Code,
    message: string = errorAnswers[code].message,
    details: { readonly fieldErrors?: FieldErrors; readonly retryAfterSeconds?: number } = {},
  ) {
    super(message)
    if (details.fieldErrors) Object.assign(this, { fieldErrors: details.fieldErrors })
    if (details.retryAfterSeconds !== undefined)
      Object.assign(this, { retryAfterSeconds: details.retryAfterSeconds })
  }
}

export const isCodedError = (error: unknown): error is CodedError => error instanceof CodedError
