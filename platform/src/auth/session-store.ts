import type { Knex } from 'knex'

/** What the server currently says about a user's sessions (the `auth_sessions` row). */
export interface SessionRecord {
  readonly userId: string
  readonly tokenVersion: number
  readonly role: 'user' | 'admin'
  readonly banned: boolean
}

/**
 * Where `authenticate` checks a token against the user's current standing. The command
 * service writes it (before appending a revoking event); any service can read it.
 */
export interface SessionStore {
  /**
   * The user's record; undefined when there is none, or when the session `sessionId` was ended
   * (logout writes it to `auth_session_ends`).
   */
  get(userId: string, sessionId?: string): Promise<SessionRecord | undefined>
}

interface SessionRow {
  readonly user_id: string
  readonly token_version: number
  readonly role: string
  readonly banned: boolean
}

export function sessionRecordOf(row: SessionRow): SessionRecord {
  return {
    userId: row.user_id,
    tokenVersion: Number(row.token_version),
    role: row.role === 'admin' ? 'admin' : 'user',
    banned: row.banned,
  }
}

export function createKnexSessionStore(knex: Knex): SessionStore {
  return {
    async get(userId, sessionId) {
      // One round trip: the user's standing and whether this session was ended.
      const row = await knex('auth_sessions')
        .where({ user_id: userId })
        .first<(SessionRow & { ended: boolean }) | undefined>(
          'auth_sessions.*',
          sessionId === undefined
            ? knex.raw('false as ended')
            : knex.raw('exists (select 1 from auth_session_ends e where e.session_id = ?) as ended', [
                sessionId,
              ]),
        )
      return row && !row.ended ? sessionRecordOf(row) : undefined
    },
  }
}
