import type { OneTimeTokenPurpose } from '@prizes/domain'
import type { Knex } from 'knex'
import type { RowStatement } from '../command-rows'

/**
 * `user_tokens`: which user a link's token hash belongs to. The user's stream decides whether
 * the link is still good (latest, unused, unexpired); this table only finds the stream.
 * Rows stay after use, so a second click on a verification link finds the user and can answer
 * "already verified".
 */

export interface TokenRow {
  readonly tokenHash: string
  readonly userId: string
  readonly purpose: OneTimeTokenPurpose
  readonly expiresAt: string
}

/** Rows this long past their expiry can no longer help anyone and are swept. */
const keepAfterExpiryMs = 7 * 24 * 60 * 60 * 1000

/** The link's row, as a row change of the command that records the link. */
export function tokenRow(knex: Knex, token: TokenRow): RowStatement {
  return knex('user_tokens').insert({
    token_hash: token.tokenHash,
    user_id: token.userId,
    purpose: token.purpose,
    expires_at: token.expiresAt,
  })
}

/** Deletes rows long past their expiry; housekeeping that no command waits for. */
export function sweptTokens(knex: Knex, now: Date): RowStatement {
  return knex('user_tokens')
    .where('expires_at', '<', new Date(now.getTime() - keepAfterExpiryMs))
    .delete()
}

export async function userIdByToken(
  knex: Knex,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
): Promise<string | undefined> {
  const row = await knex('user_tokens')
    .where({ token_hash: tokenHash, purpose })
    .first<{ user_id: string } | undefined>('user_id')
  return row?.user_id
}
