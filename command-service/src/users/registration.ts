import { randomUUID } from 'node:crypto'
import type { PersonalData } from '@prizes/contracts'
import { userStream } from '@prizes/contracts'
import {
  assertRegistrableDateOfBirth,
  EmailTaken,
  expiryAfter,
  type NewLink,
  type RegisteredUser,
  type Registration,
  verificationLinkLifetimeMs,
} from '@prizes/domain'
import { encryptValue } from '@prizes/platform'
import { deriveOneTimeToken, hashToken, newNonce, type OneTimeTokenPurpose } from '../crypto/one-time-token'
import type { CommandContext } from '../event-metadata'
import type { AccountDeps } from './deps'
import { claimEmail, releaseEmail, staleClaimHolder } from './email-index'
import { hashPassword } from './passwords'
import { encryptPersonal } from './personal'
import { openSessionRow } from './session-standing'
import { createUserKey } from './user-keys'
import { registeredUser, runUserCommand } from './user-stream'
import { recordToken } from './user-tokens'

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
 * Claims the email, or takes over a claim whose registration died before appending anything
 * (a crash between claim and append must not lock an address forever).
 */
async function claimOrTakeOver(deps: AccountDeps, email: string, userId: string): Promise<void> {
  if (await claimEmail(deps.knex, email, userId)) return
  const holder = await staleClaimHolder(deps.knex, email)
  if (holder !== undefined && (await deps.store.readStream(userStream(holder), { limit: 1 })).length === 0) {
    deps.logger.warn({ userId: holder }, 'taking over an email claim whose registration never completed')
    await releaseEmail(deps.knex, email, holder)
    if (await claimEmail(deps.knex, email, userId)) return
  }
  throw new EmailTaken()
}

function registrationOf(deps: AccountDeps, account: NewAccount, userId: string): Registration {
  if (account.kind === 'admin') return { kind: 'admin' }
  const verification = newLink(deps.secrets.oneTimeTokens, 'verify-email', userId)
  if (account.kind === 'guest') return { kind: 'guest', verification }
  return { kind: 'self', dateOfBirth: account.personal.dateOfBirth ?? '', verification }
}

/**
 * Opens an account: the command-side rows first (email claim, key, session row, link), then
 * the events; if the append fails, the rows are removed again so the email is free.
 */
export async function openAccount(
  deps: AccountDeps,
  account: NewAccount,
  context: CommandContext,
): Promise<OpenedAccount> {
  const { knex, logger } = deps
  const { now } = context
  // Rules first and the slow hash next, so a refused or slow request holds no email claim.
  if (account.kind === 'self') assertRegistrableDateOfBirth(account.personal.dateOfBirth ?? '', now)
  const passwordHash = await hashPassword(account.password)
  const userId = randomUUID()
  const registration = registrationOf(deps, account, userId)
  const link = registration.kind === 'admin' ? undefined : registration.verification

  await claimOrTakeOver(deps, account.personal.email, userId)
  try {
    const key = await createUserKey(knex, userId)
    await openSessionRow(knex, userId, registration.kind === 'admin' ? 'admin' : 'user')
    if (link) {
      const expiresAt = expiryAfter(now, verificationLinkLifetimeMs)
      await recordToken(knex, { tokenHash: link.tokenHash, userId, purpose: 'verify-email', expiresAt }, now)
    }
    const result = await runUserCommand(
      deps.handler,
      {
        type: 'RegisterUser',
        data: {
          userId,
          personal: encryptPersonal(key, account.personal),
          passwordHash: encryptValue(key, passwordHash),
          marketingEmails: account.marketingEmails,
          registration,
        },
        metadata: { now },
      },
      context,
    )
    return { user: registeredUser(result, userId), createdAt: now.toISOString() }
  } catch (error) {
    await knex
      .transaction(async (trx) => {
        await trx('user_tokens').where({ user_id: userId }).delete()
        await trx('auth_sessions').where({ user_id: userId }).delete()
        await trx('user_keys').where({ user_id: userId }).delete()
        await trx('user_emails').where({ user_id: userId }).delete()
      })
      // The original failure is what the caller must see; a stuck claim is taken over later.
      .catch((cleanup: unknown) =>
        logger.error({ err: cleanup, userId }, 'could not undo a failed registration'),
      )
    throw error
  }
}
