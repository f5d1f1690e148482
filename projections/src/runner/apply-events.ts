import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { writeCheckpoint } from '../checkpoints'
import type { Projection } from '../projection'

/** Applies the events a projection handles, in order, inside the caller's transaction. */
export async function applyRows(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  const handled = events.filter((event) => projection.handles.includes(event.type))
  if (handled.length === 0) return
  if (projection.applyBatch) return projection.applyBatch(trx, handled)
  for (const event of handled) await projection.apply(trx, event)
}

/**
 * Applies events to one projection and records the last one as its checkpoint, inside the
 * caller's transaction: rows and checkpoint commit together or not at all.
 */
export async function applyEvents(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  await applyRows(trx, projection, events)
  const last = events.at(-1)
  if (last) await writeCheckpoint(trx, projection.name, last.position)
}
