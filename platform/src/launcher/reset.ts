import { readModelTables } from '@prizes/command-service'
import type { Knex } from 'knex'

/**
 * What reset test data empties: the log, its snapshots, every read model with its checkpoints
 * and the command-side rows of users, payments and mail. Kept: the platform's secrets (keys of
 * no user) and the reactors' checkpoints (the reactors keep running; positions in the new log
 * only grow, so they carry on with its events).
 */
export const wipedTables: readonly string[] = [
  'events',
  'streams',
  'snapshots',
  ...readModelTables,
  'user_keys',
  'user_emails',
  'auth_sessions',
  'user_tokens',
  'draw_seeds',
  'offline_payment_refunds',
  'offline_payment_intents',
  'idempotency_keys',
  'mail_outbox',
  'rate_limits',
  'sign_in_addresses',
]

/** Empties `wipedTables` in one statement: all or nothing. */
export async function wipeTestData(knex: Knex): Promise<void> {
  const names = wipedTables.map((table) => `"${table.replaceAll('"', '""')}"`).join(', ')
  await knex.raw(`truncate table ${names}`)
}

/** Events in the log now (reset test data leaves a small one: a count is cheap). */
export async function countEvents(knex: Knex): Promise<number> {
  const row = await knex('events').count<{ n: string }>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
