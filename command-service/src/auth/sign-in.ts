import type { SessionUser } from '@prizes/contracts'
import { AccountBanned, assertCanSignIn, InvalidCredentials, type RegisteredUser } from '@prizes/domain'
import { issueSessionToken, readUserKey } from '@prizes/platform'
import type { AccountDeps } from '../users/deps'
import { userIdByEmail } from '../users/email-index'
import { checkAgainstDecoy, passwordMatches } from '../users/passwords'
import { decryptPasswordHash, sessionUserOf } from '../users/personal'
import { sessionRowFor } from '../users/session-standing'
import { loadUserState, nobody, registeredAt } from '../users/user-stream'

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
 * Email and password to a session. Unknown email and wrong password fail alike: the same
 * error after the same steps (the email index, a stream and a key read, for an unknown email
 * `nobody`'s, and one argon2 check, against a decoy hash when there is no account), so neither
 * the answer nor its timing tells whether the email has an account. Banned and unverified are
 * told apart only after the password matched.
 */
export async function signIn(
  deps: AccountDeps,
  input: { readonly email: string; readonly password: string },
  now: Date,
): Promise<SignedIn> {
  const userId = (await userIdByEmail(deps.knex, input.email)) ?? nobody
  const [state, key] = await Promise.all([loadUserState(deps.store, userId), readUserKey(deps.knex, userId)])
  const user = state.status === 'registered' && key ? { user: state, key } : undefined
  const matches = user
    ? await passwordMatches(decryptPasswordHash(user.key, user.user), input.password)
    : await checkAgainstDecoy(input.password)
  if (!user || !matches) throw new InvalidCredentials()
  assertCanSignIn(user.user)
  const [token, createdAt] = await Promise.all([
    issueSession(deps, user.user, now),
    registeredAt(deps.store, user.user.userId),
  ])
  return { user: sessionUserOf(user.user, user.key, createdAt), token }
}
