import type { Knex } from 'knex'
import type { UserKey } from '../crypto/personal-data'
import { readUserKey } from '../users/user-keys'

/** Finds a user's data key; undefined once the user is erased (the key is deleted). */
export interface UserKeyReader {
  read(userId: string): Promise<UserKey | undefined>
}

/** Reads the command-side `user_keys` table. */
export function knexUserKeyReader(knex: Knex): UserKeyReader {
  return { read: (userId) => readUserKey(knex, userId) }
}
