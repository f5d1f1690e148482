import type { SessionUser } from '@prizes/contracts'
import { IncorrectCurrentPassword, UserNotFound } from '@prizes/domain'
import { encryptValue, readUserKey, type UserKey } from '@prizes/platform'
import type { CommandContext } from '../event-metadata'
import { refreshPerson } from '../responsible-play/people'
import type { AccountDeps } from '../users/deps'
import { hashPassword, passwordMatches } from '../users/passwords'
import { decryptPasswordHash, sessionUserOf } from '../users/personal'
import { standingRows } from '../users/session-standing'
import { type LoadedUser, loadUser, registeredUser, runUserCommand } from '../users/user-stream'
import { issueSession } from './sign-in'

/** The signed-in user's own account: profile and password. */

async function loadWithKey(deps: AccountDeps, userId: string): Promise<LoadedUser & { key: UserKey }> {
  const [loaded, key] = await Promise.all([loadUser(deps.store, userId), readUserKey(deps.knex, userId)])
  if (!key) throw new UserNotFound(userId)
  return { ...loaded, key }
}

export async function getProfile(deps: AccountDeps, userId: string): Promise<SessionUser> {
  const { user, key, createdAt } = await loadWithKey(deps, userId)
  return sessionUserOf(user, key, createdAt)
}

export interface ProfileInput {
  readonly firstName: string
  readonly lastName: string
  readonly phone: string
  readonly address: string
}

/** The email is not editable here (SPEC section 5): whatever the form sends for it is ignored. */
export async function updateProfile(
  deps: AccountDeps,
  userId: string,
  input: ProfileInput,
  context: CommandContext,
): Promise<SessionUser> {
  const { key, createdAt } = await loadWithKey(deps, userId)
  const result = await runUserCommand(
    deps.handler,
    {
      type: 'UpdateProfile',
      data: {
        userId,
        firstName: encryptValue(key, input.firstName),
        lastName: encryptValue(key, input.lastName),
        phone: encryptValue(key, input.phone),
        address: encryptValue(key, input.address),
      },
      metadata: { now: context.now },
    },
    context,
  )
  await refreshPerson(deps, registeredUser(result, userId), context.now)
  return sessionUserOf(registeredUser(result, userId), key, createdAt)
}

/**
 * Changes the password after checking the current one, ends every session of the user, and
 * answers with a new token so the browser that made the change stays signed in.
 */
/**
 * Whether `password` is the user's own, for an action that asks for it again (a backup): one
 * argon2 check against the hash in the user's stream.
 */
export async function isOwnPassword(deps: AccountDeps, userId: string, password: string): Promise<boolean> {
  const { user, key } = await loadWithKey(deps, userId)
  return passwordMatches(decryptPasswordHash(key, user), password)
}

export async function changePassword(
  deps: AccountDeps,
  userId: string,
  input: { readonly currentPassword: string; readonly newPassword: string },
  context: CommandContext,
): Promise<{ readonly token: string }> {
  const { user, key } = await loadWithKey(deps, userId)
  if (!(await passwordMatches(decryptPasswordHash(key, user), input.currentPassword))) {
    throw new IncorrectCurrentPassword()
  }
  const passwordHash = encryptValue(key, await hashPassword(input.newPassword))
  const result = await runUserCommand(
    deps.handler,
    { type: 'ChangePassword', data: { userId, passwordHash }, metadata: { now: context.now } },
    context,
    { rows: standingRows(deps.knex, userId, { revoke: true }) },
  )
  return { token: await issueSession(deps, registeredUser(result, userId), context.now) }
}
