import type { CurrentSession } from '@prizes/platform'
import type { Knex } from 'knex'

/** Rows past their token's end deleted per logout: enough to keep up, bounded per request. */
const pruneBatch = 100

/**
 * Ends one session on the server: its id goes into `auth_session_ends` until the token would
 * have expired anyway, and `authenticate` refuses it from then on in every service. Ending
 * one twice is harmless. Rows whose token has expired are pruned a batch at a time.
 */
export async function endSession(knex: Knex, session: CurrentSession, now: Date): Promise<void> {
  await knex('auth_session_ends')
    .insert({ session_id: session.sessionId, user_id: session.userId, ends_at: session.expiresAt })
    .onConflict('session_id')
    .ignore()
  await knex('auth_session_ends')
    .whereIn(
      'session_id',
      knex('auth_session_ends').select('session_id').where('ends_at', '<', now).limit(pruneBatch),
    )
    .delete()
}
