import type { Knex } from 'knex'
import { readModelTables } from '../read-side'

const projectionCheckpoints = 'projection_checkpoints'

/**
 * What reset test data empties: the log, its snapshots, every read model and the command-side
 * rows of users, payments and mail. Kept: the platform's secrets (keys of no user), the
 * reactors' checkpoints and the projections' (moved to the wiped log's head, see below).
 */
export const wipedTables: readonly string[] = [
  'events',
  'streams',
  'snapshots',
  ...readModelTables.filter((table) => table !== projectionCheckpoints),
  'user_keys',
  'user_emails',
  'auth_sessions',
  'auth_session_ends',
  'user_tokens',
  'draw_seeds',
  'offline_payment_refunds',
  'offline_payment_intents',
  'idempotency_keys',
  'mail_outbox',
  'rate_limits',
  'sign_in_addresses',
  'spending_months',
  'spending_holds',
  'entry_owners',
  'credit_card_months',
  'credit_card_payments',
]

const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`

/**
 * Empties `wipedTables` in one transaction, all or nothing. The event store's live tail still
 * holds the wiped events in memory, and positions only grow (transaction ids and the identity
 * are never reused), so every projection's checkpoint is set to the wiped log's head: started
 * again, the projections read only events appended after the wipe. Reactors, which keep
 * running, carry on the same way from the positions they hold.
 */
export async function wipeTestData(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    // No append may commit between reading the head and emptying the log.
    await trx.raw('lock table events in access exclusive mode')
    const head = await trx('events')
      .orderBy([
        { column: 'transaction_id', order: 'desc' },
        { column: 'global_position', order: 'desc' },
      ])
      .first<{ position: string } | undefined>(
        trx.raw(`transaction_id::text || '/' || global_position::text as position`),
      )
    await trx.raw(`truncate table ${wipedTables.map(quoted).join(', ')}`)
    if (head) {
      await trx(projectionCheckpoints).update({
        position: head.position,
        failed_position: null,
        failed_event_id: null,
        failed_type: null,
        failed_error: null,
        failed_at: null,
      })
    }
  })
}

/** Events in the log now (reset test data leaves a small one: a count is cheap). */
export async function countEvents(knex: Knex): Promise<number> {
  const row = await knex('events').count<{ n: string }>({ n: '*' }).first()
  return Number(row?.n ?? 0)
}
