import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { writeCheckpoint } from '../checkpoints'
import type { Projection } from '../projection'

/**
 * Applies events to one projection and records the last one as its checkpoint, inside the
 * caller's transaction: rows and checkpoint commit together or not at all.
 */
export async function applyEvents(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const event of events) {
    if (projection.handles.includes(event.type)) await projection.apply(trx, event)
  }
  const last = events.at(-1)
  if (last) await writeCheckpoint(trx, projection.name, last.position)
}
