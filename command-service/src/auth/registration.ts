import type { SessionUser } from '@prizes/contracts'
import { RegistrationsClosed } from '@prizes/domain'
import { readUserKey } from '@prizes/platform'
import type { CommandContext } from '../event-metadata'
import { loadSettings } from '../settings/settings'
import type { AccountDeps } from '../users/deps'
import { userIdByEmail } from '../users/email-index'
import { sessionUserOf } from '../users/personal'
import { openAccount } from '../users/registration'
import { runUserCommand } from '../users/user-stream'
import { issueSession, type SignedIn } from './sign-in'

export interface RegistrationInput {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly password: string
  readonly phone: string
  readonly address: string
  readonly dateOfBirth: string
  readonly marketingEmails: boolean
  /** The sign-up's answer to "set a monthly limit?": pence, null for none, absent when not given. */
  readonly monthlySpendingLimitPence?: number | null | undefined
}

export interface GuestInput {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phone: string
  readonly address: string
  readonly dateOfBirth: string
  readonly tempPassword: string
}

async function assertRegistrationsOpen(deps: AccountDeps): Promise<void> {
  if (!(await loadSettings(deps.store)).allowRegistrations) throw new RegistrationsClosed()
}

async function sessionUser(deps: AccountDeps, opened: Awaited<ReturnType<typeof openAccount>>) {
  const key = await readUserKey(deps.knex, opened.user.userId)
  if (!key) throw new Error(`user ${opened.user.userId} has no key right after registering`)
  return sessionUserOf(opened.user, key, opened.createdAt)
}

/**
 * The sign-up form. The verification email is the mail reactor's job (it reacts to the
 * EmailVerificationRequested recorded here); there is no session until the email is verified.
 */
export async function register(
  deps: AccountDeps,
  input: RegistrationInput,
  context: CommandContext,
): Promise<SessionUser> {
  await assertRegistrationsOpen(deps)
  const { password, marketingEmails, monthlySpendingLimitPence, ...personal } = input
  const opened = await openAccount(deps, { personal, password, marketingEmails, kind: 'self' }, context)
  if (monthlySpendingLimitPence !== undefined) {
    await answerSpendingLimit(deps, opened.user.userId, monthlySpendingLimitPence, context)
  }
  return sessionUser(deps, opened)
}

/** The entry flow's account for someone not registered: signed in at once, invited to verify. */
export async function createGuestAccount(
  deps: AccountDeps,
  input: GuestInput,
  context: CommandContext,
): Promise<SignedIn> {
  await assertRegistrationsOpen(deps)
  const { tempPassword, ...fields } = input
  const opened = await openAccount(
    deps,
    {
      personal: fields,
      password: tempPassword,
      marketingEmails: false,
      kind: 'guest',
    },
    context,
  )
  const [user, token] = await Promise.all([
    sessionUser(deps, opened),
    issueSession(deps, opened.user, context.now),
  ])
  return { user, token }
}

export async function emailExists(deps: Pick<AccountDeps, 'knex'>, email: string): Promise<boolean> {
  return (await userIdByEmail(deps.knex, email)) !== undefined
}

/** The sign-up's limit question, answered: a limit applies at once; none is recorded as skipped. */
function answerSpendingLimit(
  deps: AccountDeps,
  userId: string,
  limitPence: number | null,
  context: CommandContext,
) {
  const metadata = { now: context.now }
  return runUserCommand(
    deps.handler,
    limitPence === null
      ? { type: 'SkipSpendingLimit', data: { userId, prompt: 'sign-up' }, metadata }
      : { type: 'SetSpendingLimit', data: { userId, limitPence, prompt: 'sign-up' }, metadata },
    context,
  )
}
