import { conflict } from '@prizes/platform'
import type { Knex } from 'knex'

/**
 * Runs `work` once per (scope, key): the key is claimed before the work, its answer stored
 * after, and a repeat answers the stored answer. A failed first attempt frees the key, so the
 * client may retry; a repeat that arrives while the first is still running is told to wait.
 */
export async function once<T>(knex: Knex, scope: string, key: string, work: () => Promise<T>): Promise<T> {
  const claimed = await knex('idempotency_keys')
    .insert({ scope, key, response: null })
    .onConflict(['scope', 'key'])
    .ignore()
    .returning('key')
  if (claimed.length === 0) {
    const row = await knex('idempotency_keys')
      .where({ scope, key })
      .first<{ response: T | null } | undefined>()
    if (row?.response === null || row?.response === undefined) {
      throw conflict(
        'A request with this Idempotency-Key is still being processed. Please try again shortly.',
      )
    }
    return row.response
  }
  try {
    const answer = await work()
    await knex('idempotency_keys')
      .where({ scope, key })
      .update({ response: JSON.stringify(answer) })
    return answer
  } catch (error) {
    await knex('idempotency_keys').where({ scope, key, response: null }).delete()
    throw error
  }
}
