import { randomUUID } from 'node:crypto'
import type { PersonalData } from '@prizes/contracts'
import { userStream } from '@prizes/contracts'
import {
  assertRegistrableDateOfBirth,
  EmailTaken,
  expiryAfter,
  guestPasswordLinkLifetimeMs,
  type NewLink,
  type RegisteredUser,
  type Registration,
  type UserCommand,
  verificationLinkLifetimeMs,
} from '@prizes/domain'
import { encryptValue, generateUserKey } from '@prizes/platform'
import type { RowStatement, RowWriter } from '../command-rows'
import { deriveOneTimeToken, hashToken, newNonce, type OneTimeTokenPurpose } from '../crypto/one-time-token'
import type { CommandContext } from '../event-metadata'
import { holdIfPersonOnBreak, personHashes, personRow } from '../responsible-play/people'
import type { AccountDeps } from './deps'
import { emailClaimRow, isEmailClaimConflict, releaseEmail, staleClaimHolder } from './email-index'
import { hashPassword } from './passwords'
import { encryptPersonal } from './personal'
import { newSessionRow } from './session-standing'
import { userKeyRow } from './user-keys'
import { loadUser, registeredUser, runUserCommand } from './user-stream'
import { sweptTokens, tokenRow } from './user-tokens'

/** A fresh one-time link: the token is derived from the nonce, and only its hash is kept. */
export function newLink(secret: Buffer, purpose: OneTimeTokenPurpose, userId: string): NewLink {
  const nonce = newNonce()
  return { nonce, tokenHash: hashToken(deriveOneTimeToken(secret, purpose, userId, nonce)) }
}

export interface NewAccount {
  readonly personal: PersonalData
  readonly password: string
  readonly marketingEmails: boolean
  readonly kind: Registration['kind']
}

export interface OpenedAccount {
  readonly user: RegisteredUser
  readonly createdAt: string
}

/**
 * Frees an email whose claim can never complete: made long enough ago and with no events on
 * its user's stream (left by a registration whose process died between claim and append, where
 * the claim could not wait for the append's transaction). True when it was freed.
 */
async function freedAbandonedClaim(deps: AccountDeps, email: string): Promise<boolean> {
  const holder = await staleClaimHolder(deps.knex, email)
  if (holder === undefined) return false
  if ((await deps.store.readStream(userStream(holder), { limit: 1 })).length > 0) return false
  deps.logger.warn({ userId: holder }, 'taking over an email claim whose registration never completed')
  await releaseEmail(deps.knex, email, holder)
  return true
}

function registrationOf(deps: AccountDeps, account: NewAccount, userId: string): Registration {
  if (account.kind === 'admin') return { kind: 'admin' }
  const verification = newLink(deps.secrets.oneTimeTokens, 'verify-email', userId)
  if (account.kind === 'guest') {
    return {
      kind: 'guest',
      verification,
      passwordLink: newLink(deps.secrets.oneTimeTokens, 'reset-password', userId),
      ...(account.personal.dateOfBirth ? { dateOfBirth: account.personal.dateOfBirth } : {}),
    }
  }
  return { kind: 'self', dateOfBirth: account.personal.dateOfBirth ?? '', verification }
}

/**
 * Opens an account. Its rows (email claim, key, session row, verification link) are the
 * registration's own: on PostgreSQL they commit with UserRegistered or not at all, so a failed
 * append leaves nothing behind and a lost answer loses nothing; a taken email refuses it.
 */
export async function openAccount(
  deps: AccountDeps,
  account: NewAccount,
  context: CommandContext,
): Promise<OpenedAccount> {
  const { knex } = deps
  const { now } = context
  // Rules first and the slow hash next, so a refused or slow request holds no email claim.
  // Registration's age rule, for guests too when they give a date (the entry flow and the postal form do).
  const { dateOfBirth } = account.personal
  if (account.kind === 'self' || (account.kind === 'guest' && dateOfBirth !== null)) {
    assertRegistrableDateOfBirth(dateOfBirth ?? '', now)
  }
  const passwordHash = await hashPassword(account.password)
  const userId = randomUUID()
  const registration = registrationOf(deps, account, userId)
  const link = registration.kind === 'admin' ? undefined : registration.verification
  const passwordLink = registration.kind === 'guest' ? registration.passwordLink : undefined
  const key = generateUserKey()
  const { email } = account.personal
  const statements = [
    emailClaimRow(knex, email, userId),
    userKeyRow(knex, userId, key),
    newSessionRow(knex, userId, registration.kind === 'admin' ? 'admin' : 'user'),
    personRow(knex, userId, personHashes(deps.secrets.oneTimeTokens, account.personal)),
    ...(link
      ? [
          tokenRow(knex, {
            tokenHash: link.tokenHash,
            userId,
            purpose: 'verify-email',
            expiresAt: expiryAfter(now, verificationLinkLifetimeMs),
          }),
        ]
      : []),
    ...(passwordLink
      ? [
          tokenRow(knex, {
            tokenHash: passwordLink.tokenHash,
            userId,
            purpose: 'reset-password',
            expiresAt: expiryAfter(now, guestPasswordLinkLifetimeMs),
          }),
        ]
      : []),
  ]
  const command: UserCommand = {
    type: 'RegisterUser',
    data: {
      userId,
      personal: encryptPersonal(key, account.personal),
      passwordHash: encryptValue(key, passwordHash),
      marketingEmails: account.marketingEmails,
      registration,
    },
    metadata: { now },
  }
  const register = () =>
    (deps.handler.rowsCommitWithEvents ? registerAtomically : claimThenRegister)(
      deps,
      { userId, statements, command },
      context,
    )
  const result = await register()
    .catch(async (error: unknown) => {
      // Once, so a claim left by a registration that died elsewhere does not lock the address.
      if (isEmailClaimConflict(error) && (await freedAbandonedClaim(deps, email))) return register()
      throw error
    })
    .catch((error: unknown) => {
      throw isEmailClaimConflict(error) ? new EmailTaken() : error
    })
  await sweptTokens(knex, now).catch((error: unknown) =>
    deps.logger.warn({ err: error }, 'could not sweep expired link rows'),
  )
  // A person on a break under another account, by name, date of birth and postcode: held for
  // review before they can pay (issue 23). Its purchases check again, should this fail.
  if (account.kind !== 'admin' && (await holdIfPersonOnBreak(deps, userId, context))) {
    const { user } = await loadUser(deps.store, userId)
    return { user, createdAt: now.toISOString() }
  }
  return { user: registeredUser(result, userId), createdAt: now.toISOString() }
}

interface Registering {
  readonly userId: string
  readonly statements: readonly RowStatement[]
  readonly command: UserCommand
}

/** PostgreSQL: the rows are statements of the append's transaction. */
async function registerAtomically(deps: AccountDeps, registering: Registering, context: CommandContext) {
  const rows = async (writer: RowWriter) => {
    for (const statement of registering.statements) await writer.run(statement)
  }
  return runUserCommand(deps.handler, registering.command, context, { rows })
}

/**
 * Where the store has no transactions (EventStoreDB) the claim must precede the append, or two
 * registrations of one email could both be appended. If the append fails, the rows are removed
 * only when the stream is still empty: an append that committed but whose answer was lost
 * (a timeout) keeps its user.
 */
async function claimThenRegister(deps: AccountDeps, registering: Registering, context: CommandContext) {
  const { knex, logger } = deps
  const { userId, statements } = registering
  await knex.transaction(async (trx) => {
    for (const statement of statements) await statement.transacting(trx)
  })
  try {
    return await runUserCommand(deps.handler, registering.command, context)
  } catch (error) {
    const appended = await deps.store.readStream(userStream(userId), { limit: 1 }).then(
      (events) => events.length > 0,
      // Unknown: the rows stay, and an unused claim is taken over once it is old.
      () => true,
    )
    if (!appended) {
      await knex
        .transaction(async (trx) => {
          for (const table of ['user_tokens', 'auth_sessions', 'user_keys', 'user_emails', 'play_people']) {
            await trx(table).where({ user_id: userId }).delete()
          }
        })
        .catch((cleanup: unknown) =>
          logger.error({ err: cleanup, userId }, 'could not undo a failed registration'),
        )
    }
    throw error
  }
}
