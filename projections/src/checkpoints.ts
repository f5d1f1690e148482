import { type Position, positionFromString, positionToString } from '@prizes/event-store'
import type { Knex } from 'knex'

const table = 'projection_checkpoints'

/** The last position a projection handled, or 'start' when it has none (new or reset). */
export async function readCheckpoint(knex: Knex, name: string): Promise<Position | 'start'> {
  const row = await knex(table).where({ name }).first<{ position: string } | undefined>('position')
  return row ? positionFromString(row.position) : 'start'
}

export async function writeCheckpoint(
  trx: Knex.Transaction,
  name: string,
  position: Position,
): Promise<void> {
  await trx(table)
    .insert({ name, position: positionToString(position), updated_at: trx.fn.now() })
    .onConflict('name')
    .merge(['position', 'updated_at'])
}

export async function deleteCheckpoints(trx: Knex.Transaction, names: readonly string[]): Promise<void> {
  await trx(table).whereIn('name', names).delete()
}

/**
 * Serialises writers of one projection across processes: the live runner takes it for each
 * batch, a rebuild holds it throughout, so the two never interleave on the same tables.
 */
export async function lockProjection(trx: Knex.Transaction, name: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`projection:${name}`])
}
