import { parkedEventEvents, parkedEventStreamPrefix } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { eventTime, type Projection } from '../projection'

/** The admins' retries and resolutions of parked events: their part of the audit trail. */
export const parkedEventActionsTable = 'parked_event_actions'

export interface ParkedEventActionRow {
  readonly stream_id: string
  readonly revision: string | number
  readonly parked_event_id: string
  readonly consumer: string
  readonly event_id: string
  readonly event_type: string
  readonly event_stream_id: string
  readonly action: 'retried' | 'resolved'
  readonly outcome: 'handled' | 'failed' | null
  readonly failure: string | null
  readonly occurred_at: Date
  readonly actor: unknown
  readonly reason: string | null
}

function row(event: RecordedEvent): ParkedEventActionRow | undefined {
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
