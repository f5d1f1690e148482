import type { UserKey } from '@prizes/platform'
import { readUserKey } from '@prizes/platform'
import type { Knex } from 'knex'

/** Finds a user's data key; undefined once the user is erased (the key is deleted). */
export interface UserKeyReader {
  read(userId: string): Promise<UserKey | undefined>
}

/** Reads the command-side `user_keys` table. */
export function knexUserKeyReader(knex: Knex): UserKeyReader {
  return { read: (userId) => readUserKey(knex, userId) }
}
