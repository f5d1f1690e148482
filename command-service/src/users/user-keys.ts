import type { Knex } from 'knex'
import { generateUserKey, type UserKey } from '../crypto/personal-data'

/** The `user_keys` table: one data key per user. Deleting the row is the erasure. */

export async function createUserKey(knex: Knex, userId: string): Promise<UserKey> {
  const key = generateUserKey()
  await knex('user_keys').insert({ user_id: userId, key_id: key.id, key: key.key })
  return key
}

export async function readUserKey(knex: Knex, userId: string): Promise<UserKey | undefined> {
  const row = await knex('user_keys')
    .where({ user_id: userId })
    .first<{ key_id: string; key: Buffer } | undefined>('key_id', 'key')
  return row ? { id: row.key_id, key: row.key } : undefined
}
