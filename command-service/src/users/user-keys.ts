import { generateUserKey, type UserKey, userKeysTable } from '@prizes/platform'
import type { Knex } from 'knex'

/** Creates a user's data key in the `user_keys` table (platform reads it; deleting it erases). */
export async function createUserKey(knex: Knex, userId: string): Promise<UserKey> {
  const key = generateUserKey()
  await knex(userKeysTable).insert({ user_id: userId, key_id: key.id, key: key.key })
  return key
}
