import type { RegisteredUser } from '@prizes/domain'
import { type SessionRecord, sessionRecordOf } from '@prizes/platform'
import type { Knex } from 'knex'
import type { RowChanges, RowStatement } from '../command-rows'

/**
 * The command side's writes to `auth_sessions`, which `authenticate` reads on every request.
 * A change of standing is a row change of the command that records it (`standingRows`).
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

/** A new account's row: version 0, as its stream starts. */
export function newSessionRow(knex: Knex, userId: string, role: 'user' | 'admin'): RowStatement {
  return knex('auth_sessions')
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

/**
 * The change of standing as a row change of the command that records it: in the append's
 * transaction on PostgreSQL, so a ban or a demotion and the end of the sessions it implies
 * exist together or not at all. No row means no token can pass `authenticate` yet; the row is
 * made from the stream at the next sign-in.
 */
export function standingRows(knex: Knex, userId: string, change: StandingChange): RowChanges<unknown> {
  const set = {
    ...(change.revoke ? { token_version: knex.raw('token_version + 1') } : {}),
    ...(change.role === undefined ? {} : { role: change.role }),
    ...(change.banned === undefined ? {} : { banned: change.banned }),
  }
  return (rows) => rows.run(knex('auth_sessions').where({ user_id: userId }).update(set))
}

/**
 * The session row as the user's stream has it now, for the reactor that completes standings
 * where rows cannot commit with the events. Idempotent: the token version only ever rises.
 */
export function standingFromStream(knex: Knex, user: RegisteredUser): RowStatement {
  return knex('auth_sessions')
    .where({ user_id: user.userId })
    .update({
      token_version: knex.raw('greatest(token_version, ?)', [user.tokenVersion]),
      role: user.role,
      banned: user.banned,
    })
}
