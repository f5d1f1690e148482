import type { Knex } from 'knex'
import type { UserKey } from './cipher'
import { personalDataKey, unwrapUserKey, wrappedKeyBytes, wrapUserKey } from './key-wrapping'

/**
 * The command side's `user_keys` table: one AES key per user, wrapped under PERSONAL_DATA_KEY
 * (`key-wrapping.ts`); deleting the row is the erasure (crypto-shredding). The command service
 * writes it; whoever shows personal data reads it.
 */
export const userKeysTable = 'user_keys'

interface KeyRow {
  readonly user_id: string
  readonly key_id: string
  readonly key: Buffer
}

const opened = (row: KeyRow, operatorKey: Uint8Array | undefined = personalDataKey()): UserKey =>
  unwrapUserKey(operatorKey, row.user_id, row.key_id, row.key)

/** The row keeping `key` for `userId`: wrapped under this process's PERSONAL_DATA_KEY. */
export function userKeyRecord(userId: string, key: UserKey): KeyRow {
  const operatorKey = personalDataKey()
  return {
    user_id: userId,
    key_id: key.id,
    key: operatorKey ? wrapUserKey(operatorKey, userId, key) : key.key,
  }
}

export async function readUserKey(knex: Knex, userId: string): Promise<UserKey | undefined> {
  const row = await knex(userKeysTable)
    .where({ user_id: userId })
    .first<KeyRow | undefined>('user_id', 'key_id', 'key')
  return row ? opened(row) : undefined
}

/** The keys of many users in one query; an erased user has none. */
export async function readUserKeys(knex: Knex, userIds: readonly string[]): Promise<Map<string, UserKey>> {
  const keys = new Map<string, UserKey>()
  const unique = [...new Set(userIds)]
  if (unique.length === 0) return keys
  const rows = await knex(userKeysTable)
    .whereIn('user_id', unique)
    .select<KeyRow[]>('user_id', 'key_id', 'key')
  for (const row of rows) keys.set(row.user_id, opened(row))
  return keys
}

/** Rows wrapped per transaction by `wrapClearUserKeys`. */
const wrapBatch = 200

/**
 * Wraps, under `operatorKey`, the keys kept clear before PERSONAL_DATA_KEY was given (32
 * bytes): the database and its backups then decrypt nobody. A batch at a time, skipping rows
 * another starting instance holds; returns how many.
 */
export async function wrapClearUserKeys(knex: Knex, operatorKey: Uint8Array): Promise<number> {
  let wrapped = 0
  for (;;) {
    const count = await knex.transaction(async (trx) => {
      const rows: KeyRow[] = await trx(userKeysTable)
        .whereRaw('octet_length(key) <> ?', [wrappedKeyBytes])
        .limit(wrapBatch)
        .forUpdate()
        .skipLocked()
        .select('user_id', 'key_id', 'key')
      for (const row of rows) {
        await trx(userKeysTable)
          .where({ user_id: row.user_id })
          .update({ key: wrapUserKey(operatorKey, row.user_id, opened(row, operatorKey)) })
      }
      return rows.length
    })
    wrapped += count
    if (count < wrapBatch) return wrapped
  }
}

/**
 * Rewraps every user's key from the operator's old key to the new one (keys kept clear are
 * wrapped too), in one transaction that holds off every other writer of the table: all or none.
 * The personal data encrypted under the users' keys is not touched. Returns how many.
 */
export async function rewrapUserKeys(
  knex: Knex,
  keys: { readonly old: Uint8Array; readonly new: Uint8Array },
): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw(`lock table ${userKeysTable} in exclusive mode`)
    let rewrapped = 0
    let after = ''
    for (;;) {
      const rows: KeyRow[] = await trx(userKeysTable)
        .where('user_id', '>', after)
        .orderBy('user_id')
        .limit(wrapBatch)
        .select('user_id', 'key_id', 'key')
      for (const row of rows) {
        await trx(userKeysTable)
          .where({ user_id: row.user_id })
          .update({ key: wrapUserKey(keys.new, row.user_id, opened(row, keys.old)) })
      }
      rewrapped += rows.length
      const last = rows.at(-1)
      if (!last || rows.length < wrapBatch) return rewrapped
      after = last.user_id
    }
  })
}
