import { createHmac } from 'node:crypto'
import { generateUserKey, readUserKey, type UserKey, userKeyRecord, userKeysTable } from '@prizes/platform'
import type { Knex } from 'knex'
import { deriveOneTimeToken, hashToken, newNonce } from '../crypto/one-time-token'

/**
 * The subscriber id of an address: an HMAC of the address under the one-time-token secret,
 * shaped as a UUID. The same address always finds the same stream; the log never holds it.
 */
export function subscriberIdOf(secret: Buffer, email: string): string {
  const bytes = createHmac('sha256', secret)
    .update(`newsletter-subscriber:${email.trim().toLowerCase()}`)
    .digest()
    .subarray(0, 16)
  // An RFC 9562 version 8 (custom) UUID, so every UUID parser reads it.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** Where the subscriber's key is kept in `user_keys`, and whose it is in the mail outbox. */
export const subscriberKeyId = (subscriberId: string) => `newsletter:${subscriberId}`

/**
 * The subscriber's data key, made on first use. Two sign-ups at once both insert; `on conflict
 * do nothing` keeps the first, and both read that one.
 */
export async function subscriberKey(knex: Knex, subscriberId: string): Promise<UserKey> {
  const fresh = generateUserKey()
  await knex(userKeysTable)
    .insert(userKeyRecord(subscriberKeyId(subscriberId), fresh))
    .onConflict('user_id')
    .ignore()
  const key = await readUserKey(knex, subscriberKeyId(subscriberId))
  if (!key) throw new Error('the subscriber key vanished right after it was written')
  return key
}

export type NewsletterTokenPurpose = 'newsletter-confirm' | 'newsletter-unsubscribe'

/** A link's token, derived so the mail reactor can rebuild it from the event's nonce. */
export function newsletterToken(
  secret: Buffer,
  purpose: NewsletterTokenPurpose,
  subscriberId: string,
  nonce: string,
): string {
  return deriveOneTimeToken(secret, purpose, subscriberId, nonce)
}

export function newNewsletterLink(secret: Buffer, purpose: NewsletterTokenPurpose, subscriberId: string) {
  const nonce = newNonce()
  const token = newsletterToken(secret, purpose, subscriberId, nonce)
  return { nonce, token, tokenHash: hashToken(token) }
}

/** `newsletter_tokens`: which subscriber a link's token hash belongs to; the stream decides the rest. */
export function newsletterTokenRow(
  knex: Knex,
  row: { tokenHash: string; subscriberId: string; purpose: NewsletterTokenPurpose },
) {
  return knex('newsletter_tokens')
    .insert({ token_hash: row.tokenHash, subscriber_id: row.subscriberId, purpose: row.purpose })
    .onConflict('token_hash')
    .ignore()
}

export async function subscriberIdByToken(
  knex: Knex,
  tokenHash: string,
  purpose: NewsletterTokenPurpose,
): Promise<string | undefined> {
  const row = await knex('newsletter_tokens')
    .where({ token_hash: tokenHash, purpose })
    .first<{ subscriber_id: string } | undefined>('subscriber_id')
  return row?.subscriber_id
}
