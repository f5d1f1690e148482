import { authErrorCodes, authMessages, type FieldErrors, userErrorCodes } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/**
 * The user aggregate's refusals. Some are decided by the command side (the unique email index,
 * password checks, settings) because they need I/O, but they are the same business rules and
 * share one place, so the HTTP mapping has one list to cover.
 */

export type OneTimeTokenPurpose = 'verify-email' | 'reset-password'

export class UserNotFound extends DomainError<typeof userErrorCodes.userNotFound> {
  readonly code = userErrorCodes.userNotFound
  constructor(readonly userId: string) {
    super('User not found')
  }
}

export class UserAlreadyExists extends DomainError<typeof userErrorCodes.userAlreadyExists> {
  readonly code = userErrorCodes.userAlreadyExists
  constructor(readonly userId: string) {
    super(`A user with id ${userId} already exists`)
  }
}

/** The date of birth breaks a rule that needs today's date (under 18, in the future, absurd). */
export class InvalidDateOfBirth extends DomainError<typeof userErrorCodes.invalidDateOfBirth> {
  readonly code = userErrorCodes.invalidDateOfBirth
  override readonly fieldErrors: FieldErrors
  constructor(message: string) {
    super(message)
    this.fieldErrors = { dateOfBirth: [message] }
  }
}

export class EmailTaken extends DomainError<typeof authErrorCodes.emailTaken> {
  readonly code = authErrorCodes.emailTaken
  constructor() {
    super(authMessages.emailTaken)
  }
}

export class RegistrationsClosed extends DomainError<typeof authErrorCodes.registrationsClosed> {
  readonly code = authErrorCodes.registrationsClosed
  constructor() {
    super(authMessages.registrationsClosed)
  }
}

/** Wrong password or unknown email: one error, so nobody learns which emails have accounts. */
export class InvalidCredentials extends DomainError<typeof authErrorCodes.invalidCredentials> {
  readonly code = authErrorCodes.invalidCredentials
  constructor() {
    super(authMessages.invalidCredentials)
  }
}

export class EmailNotVerified extends DomainError<typeof authErrorCodes.emailNotVerified> {
  readonly code = authErrorCodes.emailNotVerified
  constructor() {
    super(authMessages.verifyBeforeLogin)
  }
}

export class AccountBanned extends DomainError<typeof authErrorCodes.accountBanned> {
  readonly code = authErrorCodes.accountBanned
  constructor() {
    super(authMessages.accountBanned)
  }
}

export class IncorrectCurrentPassword extends DomainError<typeof userErrorCodes.incorrectCurrentPassword> {
  readonly code = userErrorCodes.incorrectCurrentPassword
  override readonly fieldErrors: FieldErrors
  constructor() {
    super('Current password is incorrect')
    this.fieldErrors = { currentPassword: [this.message] }
  }
}

/**
 * A guest account still setting up cannot change its password in the account settings: the
 * password it has was chosen at entry time, and only a password chosen from the emailed link,
 * which proves the inbox, finishes the account.
 */
export class GuestSetupPending extends DomainError<typeof authErrorCodes.guestSetupPending> {
  readonly code = authErrorCodes.guestSetupPending
  constructor() {
    super(
      'Please finish setting up your account first: choose your password from the link in the email we sent you.',
    )
  }
}

/** A verification or reset link that is unknown, superseded, used or expired. */
export class InvalidToken extends DomainError<typeof authErrorCodes.invalidToken> {
  readonly code = authErrorCodes.invalidToken
  constructor(
    readonly purpose: OneTimeTokenPurpose,
    readonly reason: 'unknown' | 'superseded' | 'used' | 'expired',
  ) {
    // The reason is for logs and tests; people see one sentence whatever went wrong.
    super(purpose === 'verify-email' ? authMessages.invalidVerificationToken : authMessages.invalidResetLink)
  }
}

/** An admin may not ban or demote their own account (SPEC section 6). */
export class CannotActOnSelf extends DomainError<typeof userErrorCodes.cannotActOnSelf> {
  readonly code = userErrorCodes.cannotActOnSelf
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
