import { entryErrorCodes, errorCodes } from '@prizes/contracts'
import {
  ContactMessageClosed,
  ContactMessageNotFound,
  type EntryError,
  isCompetitionError,
  isEntryError,
  isNewsletterError,
  isResponsiblePlayError,
  isUserError,
  type UserError,
} from '@prizes/domain'
import { WrongExpectedVersion } from '@prizes/event-store'
import { PaymentIntentNotFound, PaymentProviderUnavailable } from '@prizes/payments'
import { HttpError } from '@prizes/platform'
import {
  DrawSeedMissing,
  PublicRandomnessRequired,
  TestChainDrawRefused,
  UnverifiedRandomnessRefused,
} from './competitions/lifecycle'
import { CreditCardLimitReached } from './entries/credit-card-limit'
import { type EntryPaymentError, isEntryPaymentError } from './entries/errors'

/**
 * Domain errors to HTTP (DESIGN section 10), for `createApp({ mapError })`: missing is 404, a
 * rule the current state forbids is 409, bad details are 400 with the fields named. Domain
 * codes pass through so the web can tell one refusal from another.
 */
export function mapCommandError(error: unknown): HttpError | undefined {
  if (error instanceof WrongExpectedVersion) {
    // Only reached once the handler's retries are spent: a burst of writes to one stream.
    return new HttpError(
      409,
      errorCodes.conflict,
      'This was changed by someone else at the same time. Please try again.',
    )
  }
  if (isUserError(error)) return mapUserError(error)
  // Over the monthly limit, on a break, or a break shortened: rules the moment forbids.
  if (isResponsiblePlayError(error)) return new HttpError(409, error.code, error.message)
  if (isNewsletterError(error)) {
    // An unknown link is not found; an expired one was real, and is refused as a bad request.
    return new HttpError(error.code === 'UNKNOWN_NEWSLETTER_TOKEN' ? 404 : 400, error.code, error.message)
  }
  if (isEntryError(error)) return mapEntryError(error)
  if (isEntryPaymentError(error)) return mapEntryPaymentError(error)
  // Nothing was taken; the entrant may pay with a debit card (a new payment).
  if (error instanceof CreditCardLimitReached) return new HttpError(409, error.code, error.message)
  if (error instanceof PaymentIntentNotFound) {
    return new HttpError(404, entryErrorCodes.paymentNotFound, 'Payment not found')
  }
  if (error instanceof PaymentProviderUnavailable) {
    return new HttpError(
      503,
      entryErrorCodes.paymentProviderUnavailable,
      'We could not reach the payment provider. Please try again in a moment.',
      undefined,
      2,
    )
  }
  if (error instanceof ContactMessageNotFound) return new HttpError(404, error.code, error.message)
  if (error instanceof ContactMessageClosed) return new HttpError(409, error.code, error.message)
  if (
    error instanceof DrawSeedMissing ||
    error instanceof PublicRandomnessRequired ||
    error instanceof TestChainDrawRefused ||
    error instanceof UnverifiedRandomnessRefused
  ) {
    return new HttpError(409, error.code, error.message)
  }
  if (!isCompetitionError(error)) return undefined
  switch (error.code) {
    case 'COMPETITION_NOT_FOUND':
      return new HttpError(404, error.code, error.message)
    case 'COMPETITION_ALREADY_EXISTS':
    case 'INVALID_TRANSITION':
    case 'COMPETITION_END_DATE_PASSED':
    case 'SEED_DOES_NOT_MATCH_COMMITMENT':
    case 'RANDOMNESS_NOT_SEALED':
    case 'RANDOMNESS_NOT_YET_PUBLISHED':
    case 'NO_ELIGIBLE_TICKETS':
    case 'END_DATE_ALREADY_EXTENDED':
      return new HttpError(409, error.code, error.message)
    case 'COMPETITION_TERMS_FIXED':
      return new HttpError(
        409,
        error.code,
        error.message,
        Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, messages]) => [field, [...(messages ?? [])]]),
        ),
      )
    case 'INVALID_DRAW_INPUT':
      return new HttpError(400, errorCodes.validation, error.message, { [error.field]: [error.message] })
    case 'INVALID_COMPETITION_DETAILS':
      return new HttpError(
        400,
        errorCodes.validation,
        error.message,
        Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, messages]) => [field, [...messages]]),
        ),
      )
    default: {
      const unmapped: never = error
      throw new Error(`No HTTP mapping for ${String(unmapped)}`)
    }
  }
}

/**
 * Account errors: a wrong password is 401, a refusal of who the user is (banned, unverified,
 * registrations closed) 403, a broken rule of the form 400 naming the field, a clash 409.
 */
function mapUserError(error: UserError): HttpError {
  switch (error.code) {
    case 'USER_NOT_FOUND':
      return new HttpError(404, error.code, error.message)
    case 'INVALID_CREDENTIALS':
      return new HttpError(401, error.code, error.message)
    case 'EMAIL_NOT_VERIFIED':
    case 'ACCOUNT_BANNED':
    case 'REGISTRATIONS_CLOSED':
      return new HttpError(403, error.code, error.message)
    case 'EMAIL_TAKEN':
    case 'USER_ALREADY_EXISTS':
    case 'CANNOT_ACT_ON_SELF':
    case 'GUEST_SETUP_PENDING':
      return new HttpError(409, error.code, error.message)
    case 'INVALID_TOKEN':
      return new HttpError(400, error.code, error.message)
    case 'INVALID_DATE_OF_BIRTH':
      return new HttpError(400, errorCodes.validation, error.message, { dateOfBirth: [error.message] })
    case 'INCORRECT_CURRENT_PASSWORD':
      return new HttpError(400, errorCodes.validation, error.message, { currentPassword: [error.message] })
    default: {
      const unmapped: never = error
      throw new Error(`No HTTP mapping for ${String(unmapped)}`)
    }
  }
}

/** Entries: sold out and closed are 409 (the rule the moment forbids), a form rule 400. */
function mapEntryError(error: EntryError): HttpError {
  switch (error.code) {
    case 'ENTRY_NOT_FOUND':
      return new HttpError(404, error.code, error.message)
    case 'NOT_ENOUGH_TICKETS':
    case 'COMPETITION_NOT_ACTIVE':
    case 'ENTRY_ALREADY_EXISTS':
    case 'ENTRY_NOT_REFUNDABLE':
    case 'ENTRY_CAP_REACHED':
      return new HttpError(409, error.code, error.message)
    case 'INVALID_POSTAL_ENTRY':
      return error.field === 'receivedAt'
        ? new HttpError(400, errorCodes.validation, error.message, { receivedAt: [error.message] })
        : new HttpError(409, error.code, error.message)
    case 'POSTAL_ENTRY_AFTER_CLOSE':
      return new HttpError(409, error.code, error.message, { receivedAt: [error.message] })
    case 'INVALID_ENTRY':
      return new HttpError(400, errorCodes.validation, error.message, { [error.field]: [error.message] })
    default: {
      const unmapped: never = error
      throw new Error(`No HTTP mapping for ${String(unmapped)}`)
    }
  }
}

/**
 * Payments: an unpaid intent is 402 with the provider's message (a decline says why); one the
 * provider cancelled (its reservation ended) is 409, as is a payment that came too late. One
 * still processing is 409 PAYMENT_PROCESSING, so the web waits instead of offering to pay again.
 */
function mapEntryPaymentError(error: EntryPaymentError): HttpError {
  switch (error.code) {
    case 'PAYMENT_NOT_FOUND':
      return new HttpError(404, error.code, error.message)
    case 'PAYMENT_NOT_SUCCEEDED':
      return new HttpError(error.intentStatus === 'canceled' ? 409 : 402, error.code, error.message)
    case 'PAYMENT_PROCESSING':
      // Not a failure: the same request answers the entry once the provider decides.
      return new HttpError(409, error.code, error.message)
    case 'NOT_ENOUGH_TICKETS':
      return new HttpError(409, error.code, error.message)
    default: {
      const unmapped: never = error
      throw new Error(`No HTTP mapping for ${String(unmapped)}`)
    }
  }
}
