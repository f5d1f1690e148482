import {
  assertResetLinkUsable,
  expiryAfter,
  guestPasswordLinkLifetimeMs,
  InvalidToken,
  type NewLink,
  type OneTimeTokenPurpose,
  resetLinkLifetimeMs,
  type UserCommand,
  UserNotFound,
  type UserState,
  verificationLinkLifetimeMs,
} from '@prizes/domain'
import { encryptValue, readUserKey } from '@prizes/platform'
import type { RowChanges } from '../command-rows'
import { hashToken } from '../crypto/one-time-token'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from '../users/deps'
import { userIdByEmail } from '../users/email-index'
import { hashPassword } from '../users/passwords'
import { decryptPersonal } from '../users/personal'
import { newLink } from '../users/registration'
import { standingRows } from '../users/session-standing'
import { loadUser, nobody, runUserCommand } from '../users/user-stream'
import { tokenRow, userIdByToken } from '../users/user-tokens'

/**
 * The email links: asking for one (verification again, or a password reset) and using one.
 * Asking answers the same whether or not the email has an account, so these return nothing.
 */

const lifetimes: Record<OneTimeTokenPurpose, number> = {
  'verify-email': verificationLinkLifetimeMs,
  'reset-password': resetLinkLifetimeMs,
}

/**
 * Asks for a link. Whether the email has an account, is verified, banned or erased, the same
 * steps run: the email index, the command on a user's stream (for an unknown email, `nobody`'s,
 * which no account ever has, so the decider refuses it as a missing user), and nothing more
 * unless a link is recorded, which costs its append, whose rows (the link's token rows) commit
 * with it. The routes run this after their answer (`after-answer.ts`), so no part of it shows in
 * the answer's timing.
 */
async function requestLink(
  deps: AccountDeps,
  email: string,
  purpose: OneTimeTokenPurpose,
  context: CommandContext,
): Promise<void> {
  const { knex, handler, secrets } = deps
  const { now } = context
  const userId = (await userIdByEmail(knex, email)) ?? nobody
  const link = newLink(secrets.oneTimeTokens, purpose, userId)
  const metadata = { now }
  // A guest still setting up is sent a password link with it; the decider says whether.
  const passwordLink =
    purpose === 'verify-email' ? newLink(secrets.oneTimeTokens, 'reset-password', userId) : undefined
  const command: UserCommand = passwordLink
    ? { type: 'RequestEmailVerification', data: { userId, link, passwordLink }, metadata }
    : { type: 'RequestPasswordReset', data: { userId, link }, metadata }
  const row = (token: NewLink, tokenPurpose: OneTimeTokenPurpose, lifetimeMs: number) =>
    tokenRow(knex, {
      tokenHash: token.tokenHash,
      userId,
      purpose: tokenPurpose,
      expiresAt: expiryAfter(now, lifetimeMs),
    })
  const rows: RowChanges<UserState> = async (writer, state) => {
    if (state.status !== 'registered') return
    if (state.verification?.tokenHash === link.tokenHash)
      await writer.run(row(link, purpose, lifetimes[purpose]))
    if (state.reset?.tokenHash === link.tokenHash) await writer.run(row(link, purpose, lifetimes[purpose]))
    if (passwordLink && state.reset?.tokenHash === passwordLink.tokenHash) {
      await writer.run(row(passwordLink, 'reset-password', guestPasswordLinkLifetimeMs))
    }
  }
  try {
    await runUserCommand(handler, command, context, { rows })
  } catch (error) {
    // No account (or an erased one): nothing to send, and the caller answers the same.
    if (!(error instanceof UserNotFound)) throw error
  }
}

export function resendVerification(deps: AccountDeps, email: string, context: CommandContext): Promise<void> {
  return requestLink(deps, email, 'verify-email', context)
}

export function requestPasswordReset(
  deps: AccountDeps,
  email: string,
  context: CommandContext,
): Promise<void> {
  return requestLink(deps, email, 'reset-password', context)
}

async function userOfToken(
  deps: AccountDeps,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<string> {
  const userId = await userIdByToken(deps.knex, tokenHash, purpose)
  if (userId === undefined) throw new InvalidToken(purpose, 'unknown')
  return userId
}

/** Uses a verification link; a second use finds the email verified and says so. */
export async function verifyEmail(
  deps: AccountDeps,
  token: string,
  context: CommandContext,
): Promise<{ readonly alreadyVerified: boolean }> {
  const tokenHash = hashToken(token)
  const userId = await userOfToken(deps, tokenHash, 'verify-email')
  const { events } = await runUserCommand(
    deps.handler,
    { type: 'VerifyEmail', data: { userId, tokenHash }, metadata: { now: context.now } },
    context,
  )
  return { alreadyVerified: events.length === 0 }
}

/** Whom a reset link is for, without using it: the reset page greets them by name. */
export async function checkResetLink(deps: AccountDeps, token: string, now: Date) {
  const tokenHash = hashToken(token)
  const userId = await userOfToken(deps, tokenHash, 'reset-password')
  const [{ user }, key] = await Promise.all([loadUser(deps.store, userId), readUserKey(deps.knex, userId)])
  assertResetLinkUsable(user, tokenHash, now)
  if (!key) throw new InvalidToken('reset-password', 'unknown')
  const { firstName, lastName, email } = decryptPersonal(key, user.personal)
  return { firstName, lastName, email }
}

/**
 * Sets a new password from a reset link and ends every session the user had. Answers the
 * account's email: whoever used the link has proven the inbox, so their address may sign in.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { readonly token: string; readonly password: string },
  context: CommandContext,
): Promise<{ readonly email: string }> {
  const tokenHash = hashToken(input.token)
  const userId = await userOfToken(deps, tokenHash, 'reset-password')
  const [{ user }, key] = await Promise.all([loadUser(deps.store, userId), readUserKey(deps.knex, userId)])
  // Checked before hashing so a dead link costs no argon2 work; the decider checks it again.
  assertResetLinkUsable(user, tokenHash, context.now)
  if (!key) throw new InvalidToken('reset-password', 'unknown')
  const passwordHash = encryptValue(key, await hashPassword(input.password))
  await runUserCommand(
    deps.handler,
    { type: 'ResetPassword', data: { userId, tokenHash, passwordHash }, metadata: { now: context.now } },
    context,
    { rows: standingRows(deps.knex, userId, { revoke: true }) },
  )
  return { email: decryptPersonal(key, user.personal).email }
}
