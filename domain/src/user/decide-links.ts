import type {
  ChangePassword,
  MarkEmailVerified,
  NewLink,
  RequestEmailVerification,
  RequestPasswordReset,
  ResetPassword,
  VerifyEmail,
} from './commands'
import type { OneTimeTokenPurpose } from './errors'
import { AccountBanned, GuestSetupPending, InvalidToken } from './errors'
import type { UserEvent } from './events'
import { dropUnconfirmedPlay } from './responsible-play'
import {
  expiryAfter,
  guestPasswordLinkLifetimeMs,
  isExpired,
  isGuestSettingUp,
  resetLinkLifetimeMs,
  verificationLinkLifetimeMs,
} from './rules'
import type { OutstandingToken, RegisteredUser } from './state'

/**
 * The email-link and password commands. Links are single use and only the latest of each kind
 * counts; each check names why a link failed, though people are shown one sentence for all.
 */

function assertUsable(
  token: OutstandingToken | undefined,
  tokenHash: string,
  now: Date,
  purpose: OneTimeTokenPurpose,
): void {
  if (token === undefined) throw new InvalidToken(purpose, 'unknown')
  if (token.tokenHash !== tokenHash) throw new InvalidToken(purpose, 'superseded')
  if (token.used) throw new InvalidToken(purpose, 'used')
  if (isExpired(token.expiresAt, now)) throw new InvalidToken(purpose, 'expired')
}

/**
 * Whether a reset link may still set a password, without using it: the reset page asks before
 * it shows the form.
 */
export function assertResetLinkUsable(user: RegisteredUser, tokenHash: string, now: Date): void {
  if (user.banned) throw new AccountBanned()
  assertUsable(user.reset, tokenHash, now, 'reset-password')
}

/** The request the mail reactor turns into a verification email. */
export function verificationRequested(userId: string, link: NewLink, now: Date): UserEvent {
  const expiresAt = expiryAfter(now, verificationLinkLifetimeMs)
  return { type: 'EmailVerificationRequested', data: { userId, ...link, expiresAt } }
}

/**
 * A guest's invitation to finish setting up: a verification request and a password link asked
 * for by one command, which the mail reactor sends as one email carrying the password link.
 */
export function guestInvitationRequested(
  userId: string,
  links: { readonly verification: NewLink; readonly passwordLink: NewLink },
  now: Date,
): UserEvent[] {
  const expiresAt = expiryAfter(now, guestPasswordLinkLifetimeMs)
  return [
    verificationRequested(userId, links.verification, now),
    { type: 'PasswordResetRequested', data: { userId, ...links.passwordLink, expiresAt } },
  ]
}

export function requestEmailVerification(
  command: RequestEmailVerification,
  user: RegisteredUser,
): UserEvent[] {
  // Nothing to verify, or nobody to welcome back: record nothing (the caller answers the same).
  if (user.emailVerified || user.banned) return []
  const { userId, link, passwordLink } = command.data
  const { now } = command.metadata
  if (!isGuestSettingUp(user)) return [verificationRequested(userId, link, now)]
  if (!passwordLink) throw new Error('a guest still setting up is sent a password link; none was given')
  return guestInvitationRequested(userId, { verification: link, passwordLink }, now)
}

/**
 * Verifying a verified email changes nothing: the caller reports "already verified". A guest
 * still setting up is not verified by a link alone: the password was chosen by whoever created
 * the account, and verifying would hand them the owner's account. Their link sets a password.
 */
export function verifyEmail(command: VerifyEmail, user: RegisteredUser): UserEvent[] {
  if (user.emailVerified) return []
  const { userId, tokenHash } = command.data
  if (isGuestSettingUp(user)) throw new InvalidToken('verify-email', 'superseded')
  assertUsable(user.verification, tokenHash, command.metadata.now, 'verify-email')
  return [{ type: 'EmailVerified', data: { userId, tokenHash } }]
}

export function markEmailVerified(command: MarkEmailVerified, user: RegisteredUser): UserEvent[] {
  if (user.emailVerified) return []
  return [{ type: 'EmailVerified', data: { userId: command.data.userId, tokenHash: null } }]
}

export function requestPasswordReset(command: RequestPasswordReset, user: RegisteredUser): UserEvent[] {
  // A suspended account gets no reset link; the caller answers as if it had.
  if (user.banned) return []
  const { userId, link } = command.data
  const expiresAt = expiryAfter(command.metadata.now, resetLinkLifetimeMs)
  return [{ type: 'PasswordResetRequested', data: { userId, ...link, expiresAt } }]
}

/**
 * The link came from the user's inbox, so completing a reset proves the email too; it ends every
 * earlier session and replaces whatever password was set before (for a guest still setting up,
 * the one chosen at entry time by whoever created the account). The limit and break set while the
 * email was unproven were set by whoever knew that password, not necessarily the inbox's owner,
 * who now takes the account over: they are dropped (issue 23).
 */
export function resetPassword(command: ResetPassword, user: RegisteredUser): UserEvent[] {
  const { userId, tokenHash, passwordHash } = command.data
  assertResetLinkUsable(user, tokenHash, command.metadata.now)
  const reset: UserEvent = { type: 'PasswordReset', data: { userId, passwordHash, tokenHash } }
  if (user.emailVerified) return [reset]
  return [
    reset,
    { type: 'EmailVerified', data: { userId, tokenHash: null } },
    ...dropUnconfirmedPlay(userId, user.play),
  ]
}

export function changePassword(command: ChangePassword, user: RegisteredUser): UserEvent[] {
  if (user.banned) throw new AccountBanned()
  if (isGuestSettingUp(user)) throw new GuestSetupPending()
  const { userId, passwordHash } = command.data
  return [{ type: 'PasswordChanged', data: { userId, passwordHash } }]
}
