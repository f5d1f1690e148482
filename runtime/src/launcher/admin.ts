import { randomInt } from 'node:crypto'
import {
  type AccountDeps,
  type AdminAccountOutcome,
  type CommandContext,
  createAdminAccount,
} from '@prizes/command-service'
import { newPassword, userStream } from '@prizes/contracts'
import type { EventStore, Position } from '@prizes/event-store'
import { ConfigError } from '@prizes/platform'

/** The admin account `npm start` creates when ADMIN_EMAIL is not set. */
export const defaultAdminEmail = 'admin@prizeplatform.local'

const lower = 'abcdefghijkmnopqrstuvwxyz'
const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const digits = '23456789'

const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length))

/**
 * A strong password that meets the password rules (8+ characters, a lower-case letter, an
 * upper-case letter, a digit): 20 characters, one of each class guaranteed, no look-alikes
 * (l, I, O, 0, 1) since an operator copies it from a terminal.
 */
export function generateAdminPassword(length = 20): string {
  const all = lower + upper + digits
  const chars = [pick(lower), pick(upper), pick(digits)]
  while (chars.length < length) chars.push(pick(all))
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1)
    const a = chars[i]
    const b = chars[j]
    if (a !== undefined && b !== undefined) {
      chars[i] = b
      chars[j] = a
    }
  }
  return chars.join('')
}

/** Lines in a box, so a one-time credential stands out in the start-up log. */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length))
  const edge = '═'.repeat(width + 4)
  return [`╔${edge}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${edge}╝`].join('\n')
}

/**
 * True once any account has been an admin: registered as one, or promoted. The role is not
 * personal data, so it is in clear in the log. Reads registrations in order and stops at the
 * first admin, which on a running platform is the bootstrap one near the start of the log.
 */
export async function anAdminEverExisted(store: Pick<EventStore, 'readAll'>): Promise<boolean> {
  let from: Position | 'start' = 'start'
  for (;;) {
    const page = await store.readAll({
      from,
      limit: 500,
      filter: { streamPrefixes: ['user-'], eventTypes: ['UserRegistered', 'UserPromoted'] },
    })
    for (const event of page) {
      if (event.type === 'UserPromoted') return true
      const data = event.data
      if (typeof data === 'object' && data !== null && 'role' in data && data.role === 'admin') return true
    }
    const last = page.at(-1)
    if (!last || page.length < 500) return false
    from = last.position
  }
}

/** The password from ADMIN_PASSWORD, checked against the password rules without echoing it. */
export function configuredAdminPassword(password: string): string {
  const checked = newPassword.safeParse(password)
  if (!checked.success) {
    throw new ConfigError(checked.error.issues.map((issue) => `ADMIN_PASSWORD: ${issue.message}`))
  }
  return checked.data
}

export interface EnsureAdminAccountOptions {
  /** ADMIN_EMAIL; the default admin email when unset. */
  readonly email: string | undefined
  /** ADMIN_PASSWORD; when unset, a password is generated on first start and printed once. */
  readonly password: string | undefined
  readonly deps: AccountDeps
  /** The whole log, to tell whether an admin ever existed. */
  readonly store: Pick<EventStore, 'readAll' | 'readStream'>
  readonly now?: () => Date
}

export type AdminBootstrap =
  | { readonly outcome: AdminAccountOutcome; readonly email: string; readonly userId: string }
  | { readonly outcome: 'skipped'; readonly email: string; readonly reason: string }

const context = (now: Date, reason: string): CommandContext => ({
  actor: { system: 'admin-bootstrap' },
  now,
  reason,
})

/**
 * The admin account `npm start` makes sure of.
 * - ADMIN_PASSWORD set: the account for ADMIN_EMAIL (or the default email) on every start;
 *   idempotent, and an existing account with that email is made an admin (its password stays).
 * - Otherwise, only while no account has ever been an admin (a fresh platform): the default
 *   email (or ADMIN_EMAIL) with a generated password, printed once in a box. An email that
 *   already has an account is left alone: a generated password would not be its password, and
 *   promoting someone else's sign-up would hand them the platform.
 */
export async function ensureAdminAccount(options: EnsureAdminAccountOptions): Promise<AdminBootstrap> {
  const { deps } = options
  const logger = deps.logger
  const email = options.email ?? defaultAdminEmail
  const now = options.now ?? (() => new Date())

  if (options.password !== undefined) {
    const password = configuredAdminPassword(options.password)
    const result = await createAdminAccount(
      deps,
      { email, password },
      context(now(), 'ADMIN_EMAIL/ADMIN_PASSWORD'),
    )
    if (result.outcome === 'created') logger.info({ email }, 'Admin account created from ADMIN_PASSWORD')
    if (result.outcome === 'promoted') {
      logger.warn({ email }, 'Existing account made an admin from ADMIN_EMAIL; its own password is unchanged')
    }
    return { ...result, email }
  }

  if (await anAdminEverExisted(options.store)) return { outcome: 'skipped', email, reason: 'an admin exists' }
  const holder = await accountAt(deps, email)
  // `$all` may not show an append that committed a moment ago (an older transaction is still
  // open); the account's own stream always does.
  if (holder !== undefined && (await isAdmin(options.store, holder))) {
    return { outcome: 'skipped', email, reason: 'an admin exists' }
  }
  if (holder !== undefined) {
    const reason = `${email} already has an account that is not an admin`
    logger.warn(
      `Not creating the first admin: ${reason}. Set ADMIN_EMAIL and ADMIN_PASSWORD, or run npm run create-admin.`,
    )
    return { outcome: 'skipped', email, reason }
  }
  const password = generateAdminPassword()
  const result = await createAdminAccount(deps, { email, password }, context(now(), 'first start'))
  if (result.outcome === 'created') {
    logger.warn(
      `Admin account created. This password is shown once; sign in and change it:\n${boxed([
        `Email:     ${email}`,
        `Password:  ${password}`,
      ])}`,
    )
  } else {
    // The email was taken between the check and the registration; our password is not theirs.
    // 'unchanged': another instance starting at the same moment made the admin (and printed it).
    // 'promoted': a sign-up in that instant was made an admin, which the operator must check.
    const log = result.outcome === 'promoted' ? logger.error.bind(logger) : logger.info.bind(logger)
    log(
      { email, outcome: result.outcome },
      'The admin email was registered concurrently; no password to show',
    )
  }
  return { ...result, email }
}

async function accountAt(deps: AccountDeps, email: string): Promise<string | undefined> {
  // The command side's unique-email index: every account's (lower-cased) email has a row.
  const row = await deps.knex('user_emails').where({ email: email.toLowerCase() }).first('user_id')
  return row?.user_id
}

/** Whether the account's own stream leaves it an admin: registered as one or promoted, not demoted since. */
async function isAdmin(store: Pick<EventStore, 'readStream'>, userId: string): Promise<boolean> {
  let admin = false
  for (const event of await store.readStream(userStream(userId))) {
    const data = event.data
    if (event.type === 'UserRegistered') {
      admin = typeof data === 'object' && data !== null && 'role' in data && data.role === 'admin'
    }
    if (event.type === 'UserPromoted') admin = true
    if (event.type === 'UserDemoted') admin = false
  }
  return admin
}
