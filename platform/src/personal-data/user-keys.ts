import type { Knex } from 'knex'
import type { UserKey } from './cipher'

/**
 * The command side's `user_keys` table: one AES key per user; deleting the row is the erasure
 * (crypto-shredding). The command service writes it; whoever shows personal data reads it.
 */
export const userKeysTable = 'user_keys'

interface KeyRow {
  readonly user_id: string
  readonly key_id: string
  readonly key: Buffer
}

export async function readUserKey(knex: Knex, userId: string): Promise<UserKey | undefined> {
  const row = await knex(userKeysTable).where({ user_id: userId }).first<KeyRow | undefined>('key_id', 'key')
  return row ? { id: row.key_id, key: row.key } : undefined
}

/** The keys of many users in one query; an erased user has none. */
export async function readUserKeys(knex: Knex, userIds: readonly string[]): Promise<Map<string, UserKey>> {
  const keys = new Map<string, UserKey>()
  const unique = [...new Set(userIds)]
  if (unique.length === 0) return keys
  const rows = await knex(userKeysTable)
    .whereIn('user_id', unique)
    .select<KeyRow[]>('user_id', 'key_id', 'key')
  for (const row of rows) keys.set(row.user_id, { id: row.key_id, key: row.key })
  return keys
}
