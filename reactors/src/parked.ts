import { errorText, parkedEventsTable } from '@prizes/command-service/use-cases'
import { positionToString, type RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { writeReactorCheckpoint } from './tables'

/**
 * Parks `event` for reactor `name` and moves its checkpoint past it, in one transaction. Parked
 * again (the reactor met it again after a restart from an older checkpoint), the row is opened
 * again with the new reason.
 */
export async function parkEvent(
  knex: Knex,
  name: string,
  event: RecordedEvent,
  failure: { readonly error: unknown; readonly attempts: number },
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(
      `insert into ${parkedEventsTable}
         (consumer, event_id, position, stream_id, stream_revision, event_type, reason, attempts)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (consumer, event_id) do update
          set reason = excluded.reason, attempts = ${parkedEventsTable}.attempts + excluded.attempts,
              parked_at = now(), resolved_at = null, resolved_by = null, resolution = null,
              resolution_reason = null`,
      [
        name,
        event.id,
        positionToString(event.position),
        event.streamId,
        event.revision.toString(),
        event.type,
        errorText(failure.error),
        failure.attempts,
      ],
    )
    await writeReactorCheckpoint(trx, name, event.position)
  })
}
