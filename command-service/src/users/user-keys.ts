import type { UserKey } from '@prizes/platform'
import { userKeyRecord, userKeysTable } from '@prizes/platform'
import type { Knex } from 'knex'
import type { RowStatement } from '../command-rows'

/** A user's data key as a row of `user_keys` (platform reads it; deleting it erases). */
export function userKeyRow(knex: Knex, userId: string, key: UserKey): RowStatement {
  return knex(userKeysTable).insert(userKeyRecord(userId, key))
}
