import type { RegisteredUser } from '@prizes/domain'
import { type SessionRecord, sessionRecordOf } from '@prizes/platform'
import type { Knex } from 'knex'

/**
 * The command side's writes to `auth_sessions`, which `authenticate` reads on every request.
 * A change of standing is written BEFORE the event is appended, so it takes effect at once, and
 * is put back if the append fails; an append that succeeds leaves it in place.
 */

export interface StandingChange {
  readonly role?: 'user' | 'admin'
  readonly banned?: boolean
  /** Ends every session issued before (raises the token version). */
  readonly revoke: boolean
}

interface SessionRow {
  readonly user_id: string
  readonly token_version: number
  readonly role: string
  readonly banned: boolean
}

export async function openSessionRow(knex: Knex, userId: string, role: 'user' | 'admin'): Promise<void> {
  await knex('auth_sessions')
    .insert({ user_id: userId, token_version: 0, role, banned: false })
    .onConflict('user_id')
    .ignore()
}

/**
 * The row to issue a token from. Its token version, not the stream's, goes into the token:
 * it is what `authenticate` compares with. A missing row (an account older than the table) is
 * created from the stream's state.
 */
export async function sessionRowFor(knex: Knex, user: RegisteredUser): Promise<SessionRecord> {
  await knex('auth_sessions')
    .insert({ user_id: user.userId, token_version: user.tokenVersion, role: user.role, banned: user.banned })
    .onConflict('user_id')
    .ignore()
  const row = await knex('auth_sessions').where({ user_id: user.userId }).first<SessionRow | undefined>()
  if (!row) throw new Error(`auth_sessions row for ${user.userId} vanished right after it was written`)
  return sessionRecordOf(row)
}

export async function withStandingChange<T>(
  knex: Knex,
  userId: string,
  change: StandingChange,
  append: () => Promise<T>,
): Promise<T> {
  const written = await knex.transaction(async (trx) => {
    const row = await trx('auth_sessions')
      .where({ user_id: userId })
      .forUpdate()
      .first<SessionRow | undefined>()
    // No row means no token can pass `authenticate` yet; the row is made at the next sign-in.
    if (!row) return undefined
    const before = { token_version: Number(row.token_version), role: row.role, banned: row.banned }
    const after = {
      token_version: before.token_version + (change.revoke ? 1 : 0),
      role: change.role ?? before.role,
      banned: change.banned ?? before.banned,
    }
    await trx('auth_sessions').where({ user_id: userId }).update(after)
    return { before, after }
  })
  try {
    return await append()
  } catch (error) {
    // Only undo our own write: if something else changed the row since, it is newer than ours.
    if (written) {
      await knex('auth_sessions')
        .where({ user_id: userId, ...written.after })
        .update(written.before)
    }
    throw error
  }
}
