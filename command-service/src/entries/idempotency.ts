import { errorCodes, Refusal } from '@prizes/contracts'
import type { Knex } from 'knex'

/** A claim with no answer after this long belongs to a process that died mid-request. */
const abandonedAfterSeconds = 120

/**
 * Runs `work` once per (scope, key): the key is claimed before the work, its answer stored
 * after, and a repeat answers the stored answer. A failed first attempt frees the key, so the
 * client may retry; a repeat that arrives while the first is still running is told to wait,
 * and a claim abandoned by a crash is taken over once it is old enough.
 */
export async function once<T>(knex: Knex, scope: string, key: string, work: () => Promise<T>): Promise<T> {
  if (!(await claim(knex, scope, key))) {
    const row = await knex('idempotency_keys')
      .where({ scope, key })
      .first<{ response: T | null } | undefined>()
    if (row !== undefined && row.response !== null) return row.response
    const takenOver = await knex('idempotency_keys')
      .where({ scope, key, response: null })
      .andWhereRaw(`created_at < now() - make_interval(secs => ?)`, [abandonedAfterSeconds])
      .delete()
    if (takenOver === 0 || !(await claim(knex, scope, key))) {
      throw new Refusal(
        errorCodes.conflict,
        'A request with this Idempotency-Key is still being processed. Please try again shortly.',
      )
    }
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

async function claim(knex: Knex, scope: string, key: string): Promise<boolean> {
  const claimed = await knex('idempotency_keys')
    .insert({ scope, key, response: null })
    .onConflict(['scope', 'key'])
    .ignore()
    .returning('key')
  return claimed.length > 0
}
