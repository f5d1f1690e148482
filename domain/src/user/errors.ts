import { authMessages } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/**
 * The user aggregate's refusals. Some are decided by the command side (the unique email index,
 * password checks, settings) because they need I/O, but they are the same business rules and
 * share one place, so the HTTP mapping has one list to cover.
 */

export type OneTimeTokenPurpose = 'verify-email' | 'reset-password'

export class UserNotFound extends DomainError<'USER_NOT_FOUND'> {
  readonly code = 'USER_NOT_FOUND'
  constructor(readonly userId: string) {
    super('User not found')
  }
}

export class UserAlreadyExists extends DomainError<'USER_ALREADY_EXISTS'> {
  readonly code = 'USER_ALREADY_EXISTS'
  constructor(readonly userId: string) {
    super(`A user with id ${userId} already exists`)
  }
}

/** The date of birth breaks a rule that needs today's date (under 18, in the future, absurd). */
export class InvalidDateOfBirth extends DomainError<'INVALID_DATE_OF_BIRTH'> {
  readonly code = 'INVALID_DATE_OF_BIRTH'
}

export class EmailTaken extends DomainError<'EMAIL_TAKEN'> {
  readonly code = 'EMAIL_TAKEN'
  constructor() {
    super(authMessages.emailTaken)
  }
}

export class RegistrationsClosed extends DomainError<'REGISTRATIONS_CLOSED'> {
  readonly code = 'REGISTRATIONS_CLOSED'
  constructor() {
    super(authMessages.registrationsClosed)
  }
}

/** Wrong password or unknown email: one error, so nobody learns which emails have accounts. */
export class InvalidCredentials extends DomainError<'INVALID_CREDENTIALS'> {
  readonly code = 'INVALID_CREDENTIALS'
  constructor() {
    super(authMessages.invalidCredentials)
  }
}

export class EmailNotVerified extends DomainError<'EMAIL_NOT_VERIFIED'> {
  readonly code = 'EMAIL_NOT_VERIFIED'
  constructor() {
    super(authMessages.verifyBeforeLogin)
  }
}

export class AccountBanned extends DomainError<'ACCOUNT_BANNED'> {
  readonly code = 'ACCOUNT_BANNED'
  constructor() {
    super(authMessages.accountBanned)
  }
}

export class IncorrectCurrentPassword extends DomainError<'INCORRECT_CURRENT_PASSWORD'> {
  readonly code = 'INCORRECT_CURRENT_PASSWORD'
  constructor() {
    super('Current password is incorrect')
  }
}

/**
 * A guest account still setting up cannot change its password in the account settings: the
 * password it has was chosen at entry time, and only a password chosen from the emailed link,
 * which proves the inbox, finishes the account.
 */
export class GuestSetupPending extends DomainError<'GUEST_SETUP_PENDING'> {
  readonly code = 'GUEST_SETUP_PENDING'
  constructor() {
    super(
      'Please finish setting up your account first: choose your password from the link in the email we sent you.',
    )
  }
}

/** A verification or reset link that is unknown, superseded, used or expired. */
export class InvalidToken extends DomainError<'INVALID_TOKEN'> {
  readonly code = 'INVALID_TOKEN'
  constructor(
    readonly purpose: OneTimeTokenPurpose,
    readonly reason: 'unknown' | 'superseded' | 'used' | 'expired',
  ) {
    // The reason is for logs and tests; people see one sentence whatever went wrong.
    super(purpose === 'verify-email' ? authMessages.invalidVerificationToken : authMessages.invalidResetLink)
  }
}

/** An admin may not ban or demote their own account (SPEC section 6). */
export class CannotActOnSelf extends DomainError<'CANNOT_ACT_ON_SELF'> {
  readonly code = 'CANNOT_ACT_ON_SELF'
  constructor(readonly action: 'ban' | 'demote' | 'delete') {
    super(`You cannot ${action} your own account`)
  }
}

export type UserError =
  | UserNotFound
  | UserAlreadyExists
  | InvalidDateOfBirth
  | EmailTaken
  | RegistrationsClosed
  | InvalidCredentials
  | EmailNotVerified
  | AccountBanned
  | IncorrectCurrentPassword
  | GuestSetupPending
  | InvalidToken
  | CannotActOnSelf

const userErrorClasses = [
  UserNotFound,
  UserAlreadyExists,
  InvalidDateOfBirth,
  EmailTaken,
  RegistrationsClosed,
  InvalidCredentials,
  EmailNotVerified,
  AccountBanned,
  IncorrectCurrentPassword,
  GuestSetupPending,
  InvalidToken,
  CannotActOnSelf,
] as const

export function isUserError(error: unknown): error is UserError {
  return userErrorClasses.some((errorClass) => error instanceof errorClass)
}
