import { competitionEvents, competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { competitionEventCountsTable, competitionEventsTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

const columns = 'competition_id, revision, type, data, occurred_at, actor, reason'

function row(event: RecordedEvent) {
  return {
    competition_id: event.streamId.slice(competitionStreamPrefix.length),
    revision: event.revision.toString(),
    type: event.type,
    data: event.data,
    occurred_at: eventTime(event),
    actor: event.metadata.actor ?? null,
    reason: typeof event.metadata.reason === 'string' ? event.metadata.reason : null,
  }
}

/**
 * Every event of every competition stream (the competition's own and its entries'), keyed by
 * stream and revision, with who caused it and why: the query service hands a completed
 * competition's events to the browser's draw verifier, and every competition's to the admin's
 * audit trail. Competition streams hold no personal data (user ids only).
 * One statement per page: the insert, and each competition's event count moved by the rows it
 * really inserted, so a replay hits the key and changes nothing, counter included.
 */
async function applyBatch(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const rows = events.filter((e) => e.streamId.startsWith(competitionStreamPrefix)).map(row)
  if (rows.length === 0) return
  // One JSON parameter for the page, not a binding per value (see `foldIntoRows`).
  await trx.raw(
    `with inserted as (
       insert into ?? (${columns}) select ${columns} from jsonb_populate_recordset(null::??, ?::jsonb)
       on conflict (competition_id, revision) do nothing
       returning competition_id
     )
     insert into ?? (competition_id, events) select competition_id, count(*) from inserted group by competition_id
     on conflict (competition_id) do update set events = ??.events + excluded.events`,
    [
      competitionEventsTable,
      competitionEventsTable,
      JSON.stringify(rows),
      competitionEventCountsTable,
      competitionEventCountsTable,
    ],
  )
}

export const competitionEventsProjection: Projection = {
  name: 'competition_events',
  handles: [...Object.keys(competitionEvents), ...Object.keys(entryEvents)],
  tables: [competitionEventsTable, competitionEventCountsTable],
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
}
