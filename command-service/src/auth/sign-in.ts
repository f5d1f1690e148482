import type { SessionUser } from '@prizes/contracts'
import { AccountBanned, assertCanSignIn, InvalidCredentials, type RegisteredUser } from '@prizes/domain'
import { issueSessionToken, readUserKey } from '@prizes/platform'
import type { AccountDeps } from '../users/deps'
import { userIdByEmail } from '../users/email-index'
import { checkAgainstDecoy, passwordMatches } from '../users/passwords'
import { decryptPasswordHash, sessionUserOf } from '../users/personal'
import { sessionRowFor } from '../users/session-standing'
import { loadUserState, registeredAt } from '../users/user-stream'

export interface SignedIn {
  readonly user: SessionUser
  readonly token: string
}

/** A session token carrying the user's current token version and role from the session table. */
export async function issueSession(deps: AccountDeps, user: RegisteredUser, now: Date): Promise<string> {
  const session = await sessionRowFor(deps.knex, user)
  // A ban written to the table but not yet to the log still refuses the sign-in.
  if (session.banned) throw new AccountBanned()
  return issueSessionToken(
    deps.secrets.jwt,
    { userId: user.userId, role: session.role, tokenVersion: session.tokenVersion },
    now,
  )
}

/**
 * Email and password to a session. Unknown email and wrong password fail alike (same error,
 * same argon2 work); banned and unverified are told apart only after the password matched.
 */
export async function signIn(
  deps: AccountDeps,
  input: { readonly email: string; readonly password: string },
  now: Date,
): Promise<SignedIn> {
  const userId = await userIdByEmail(deps.knex, input.email)
  const state = userId === undefined ? undefined : await loadUserState(deps.store, userId)
  const user = state?.status === 'registered' ? state : undefined
  const key = user ? await readUserKey(deps.knex, user.userId) : undefined
  if (!user || !key) {
    await checkAgainstDecoy(input.password)
    throw new InvalidCredentials()
  }
  if (!(await passwordMatches(decryptPasswordHash(key, user), input.password))) throw new InvalidCredentials()
  assertCanSignIn(user)
  const [token, createdAt] = await Promise.all([
    issueSession(deps, user, now),
    registeredAt(deps.store, user.userId),
  ])
  return { user: sessionUserOf(user, key, createdAt), token }
}
