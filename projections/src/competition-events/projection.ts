import { competitionEvents, competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

export const competitionEventsTable = 'competition_events'

/** An event of a competition stream, as stored for the draw certificate. */
export interface CompetitionEventRow {
  readonly competition_id: string
  readonly revision: string | number
  readonly type: string
  readonly data: unknown
  readonly occurred_at: Date
}

/**
 * Every event of every competition stream (the competition's own and its entries'), keyed by
 * stream and revision, so the query service can hand a completed competition's history to
 * the browser's draw verifier. Competition streams hold no personal data (user ids only).
 * A replay hits the key and changes nothing.
 */
async function apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  if (!event.streamId.startsWith(competitionStreamPrefix)) return
  await trx(competitionEventsTable)
    .insert({
      competition_id: event.streamId.slice(competitionStreamPrefix.length),
      revision: event.revision.toString(),
      type: event.type,
      data: JSON.stringify(event.data),
      occurred_at: eventTime(event),
    })
    .onConflict(['competition_id', 'revision'])
    .ignore()
}

export const competitionEventsProjection: Projection = {
  name: 'competition_events',
  handles: [...Object.keys(competitionEvents), ...Object.keys(entryEvents)],
  tables: [competitionEventsTable],
  apply,
}
