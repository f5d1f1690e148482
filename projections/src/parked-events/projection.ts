import { parkedEventEvents, parkedEventStreamPrefix } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { type ParkedEventActionRow, parkedEventActionsTable } from '@prizes/read-models'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

/** A row as written: the revision goes as text, a bigint's exact value. */
type WrittenRow = Omit<ParkedEventActionRow, 'revision'> & { readonly revision: string }

function row(event: RecordedEvent): WrittenRow | undefined {
  if (!event.streamId.startsWith(parkedEventStreamPrefix)) return undefined
  const common = {
    stream_id: event.streamId,
    revision: event.revision.toString(),
    occurred_at: eventTime(event),
    actor: event.metadata.actor ?? null,
    reason: typeof event.metadata.reason === 'string' ? event.metadata.reason : null,
  }
  const of = (data: {
    parkedEventId: string
    consumer: string
    eventId: string
    eventType: string
    streamId: string
  }) => ({
    parked_event_id: data.parkedEventId,
    consumer: data.consumer,
    event_id: data.eventId,
    event_type: data.eventType,
    event_stream_id: data.streamId,
  })
  switch (event.type) {
    case 'ParkedEventRetried': {
      const data = parkedEventEvents.ParkedEventRetried.parse(event.data)
      return { ...common, ...of(data), action: 'retried', outcome: data.outcome, failure: data.failure }
    }
    case 'ParkedEventResolved': {
      const data = parkedEventEvents.ParkedEventResolved.parse(event.data)
      return { ...common, ...of(data), action: 'resolved', outcome: null, failure: null }
    }
    default:
      return undefined
  }
}

/** One row per action; a replay hits the stream and revision and changes nothing. */
async function applyBatch(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const rows = events.flatMap((event) => row(event) ?? [])
  if (rows.length === 0) return
  await trx(parkedEventActionsTable)
    .insert(rows.map((r) => ({ ...r, actor: r.actor === null ? null : JSON.stringify(r.actor) })))
    .onConflict(['stream_id', 'revision'])
    .ignore()
}

export const parkedEventActionsProjection: Projection = {
  name: 'parked_event_actions',
  handles: Object.keys(parkedEventEvents),
  tables: [parkedEventActionsTable],
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
}
