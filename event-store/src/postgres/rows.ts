import type { EventMetadata, RecordedEvent } from '../port'

/**
 * Columns every event query selects, in the shape `toRecordedEvent` expects. They shadow the
 * table's names with text, so queries must qualify columns in WHERE and ORDER BY.
 */
export const eventColumns = `
  global_position::text as global_position,
  transaction_id::text as transaction_id,
  stream_id,
  revision::text as revision,
  event_id::text as event_id,
  type,
  data,
  metadata,
  recorded_at`

/** pg hands int8 and xid8 back as strings; we cast to text explicitly and parse to bigint. */
export interface EventRow {
  global_position: string
  transaction_id: string
  stream_id: string
  revision: string
  event_id: string
  type: string
  data: unknown
  metadata: EventMetadata | null
  recorded_at: Date
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    recordedAt: row.recorded_at,
  }
}
