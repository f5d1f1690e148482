import { email as emailSchema, newPassword } from '@prizes/contracts'
import { EmailTaken, UserNotFound } from '@prizes/domain'
import { z } from 'zod'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from './deps'
import { userIdByEmail } from './email-index'
import { openAccount } from './registration'
import { promoteUser } from './standing'
import { loadUser, runUserCommand } from './user-stream'

export interface AdminAccountInput {
  readonly email: string
  readonly password: string
  readonly firstName?: string
  readonly lastName?: string
}

/**
 * `created`: a new verified admin. `promoted`: the email already had an account, which is now
 * a verified admin (its password is left as it was). `unchanged`: it already was one.
 */
export type AdminAccountOutcome = 'created' | 'promoted' | 'unchanged'

export class InvalidAdminAccount extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Cannot create the admin account: ${problems.join('; ')}`)
    this.name = 'InvalidAdminAccount'
  }
}

const adminInput = z.object({ email: emailSchema, password: newPassword })

/** A claim can precede its registration's events by a moment; wait that long, not forever. */
const registrationWaitsMs = [50, 100, 200, 400, 800]

async function loadClaimed(deps: AccountDeps, userId: string) {
  for (const wait of registrationWaitsMs) {
    try {
      return await loadUser(deps.store, userId)
    } catch (error) {
      if (!(error instanceof UserNotFound)) throw error
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  return loadUser(deps.store, userId)
}

async function makeAdmin(
  deps: AccountDeps,
  userId: string,
  context: CommandContext,
): Promise<AdminAccountOutcome> {
  const { user } = await loadClaimed(deps, userId)
  const promoted = user.role === 'admin' ? undefined : await promoteUser(deps, { userId }, context)
  const verified = await runUserCommand(
    deps.handler,
    { type: 'MarkEmailVerified', data: { userId }, metadata: { now: context.now } },
    context,
  )
  return promoted || verified.events.length > 0 ? 'promoted' : 'unchanged'
}

/**
 * The operator's admin account (first start and `create-admin`), idempotent on the email:
 * registers a verified admin, or makes the existing account with that email one. The password
 * must pass the same rules as any user's.
 */
export async function createAdminAccount(
  deps: AccountDeps,
  input: AdminAccountInput,
  context: CommandContext,
): Promise<{ readonly userId: string; readonly outcome: AdminAccountOutcome }> {
  const parsed = adminInput.safeParse({ email: input.email, password: input.password })
  if (!parsed.success) throw new InvalidAdminAccount(parsed.error.issues.map((issue) => issue.message))
  const { email, password } = parsed.data
  const existing = await userIdByEmail(deps.knex, email)
  if (existing !== undefined) return { userId: existing, outcome: await makeAdmin(deps, existing, context) }
  const personal = {
    firstName: input.firstName?.trim() || 'Platform',
    lastName: input.lastName?.trim() || 'Admin',
    email,
    phone: '',
    address: '',
    dateOfBirth: null,
  }
  try {
    const { user } = await openAccount(
      deps,
      { personal, password, marketingEmails: false, kind: 'admin' },
      context,
    )
    return { userId: user.userId, outcome: 'created' }
  } catch (error) {
    // Another instance bootstrapping the same email at the same moment won the claim.
    if (!(error instanceof EmailTaken)) throw error
    return createAdminAccount(deps, input, context)
  }
}
