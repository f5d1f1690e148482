import type { Knex } from 'knex'
import type { UserKey } from '../crypto/personal-data'

/** Finds a user's data key; undefined once the user is erased (the key is deleted). */
export interface UserKeyReader {
  read(userId: string): Promise<UserKey | undefined>
}

interface UserKeyRow {
  readonly key_id: string
  readonly key: Buffer
}

/** Reads the command-side `user_keys(user_id, key_id, key)` table. */
export function knexUserKeyReader(knex: Knex): UserKeyReader {
  return {
    async read(userId) {
      const row = await knex('user_keys')
        .where({ user_id: userId })
        .first<UserKeyRow | undefined>('key_id', 'key')
      return row ? { id: row.key_id, key: row.key } : undefined
    },
  }
}
