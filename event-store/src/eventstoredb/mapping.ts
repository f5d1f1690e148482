import { randomUUID } from 'node:crypto'
import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  NO_STREAM,
  type ResolvedEvent,
  STREAM_EXISTS,
} from '@eventstore/db-client'
import type {
  EventMetadata,
  ExpectedRevision,
  NewEvent,
  Position,
  RecordedEvent,
  SubscriptionFilter,
} from '../port'
import { snapshotStreamPrefix } from './snapshots'

export function toAppendExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'noStream':
      return NO_STREAM
    case 'streamExists':
      return STREAM_EXISTS
    case 'any':
      return ANY
    default:
      return expected
  }
}

export function toEventData(event: NewEvent): EventData {
  const { data } = event
  if (!isJsonType(data)) {
    throw new TypeError(`EventStoreDB event data must be an object, array or string (event ${event.type})`)
  }
  return {
    id: event.id ?? randomUUID(),
    contentType: 'application/json',
    type: event.type,
    data,
    metadata: { ...event.metadata },
  }
}

/**
 * Our events are JSON; a binary event or a link has no place in this log, so those (and
 * system events, and the parts of snapshots) come back as undefined and are skipped by readers.
 */
export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event
  if (!event?.isJson || event.type.startsWith('$') || event.streamId.startsWith(snapshotStreamPrefix)) {
    return undefined
  }
  const position = event.position ?? fallbackPosition(resolved.commitPosition)
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: isMetadata(event.metadata) ? event.metadata : {},
    streamId: event.streamId,
    revision: event.revision,
    position,
    recordedAt: event.created,
  }
}

/** True when the event passes the filter; event types must match exactly, not as prefixes. */
export function matchesFilter(event: RecordedEvent, filter: SubscriptionFilter = {}): boolean {
  const { streamPrefixes, eventTypes } = filter
  if (
    streamPrefixes &&
    streamPrefixes.length > 0 &&
    !streamPrefixes.some((p) => event.streamId.startsWith(p))
  ) {
    return false
  }
  return !eventTypes || eventTypes.length === 0 || eventTypes.includes(event.type)
}

/** Servers before 22.6 send no position with stream reads; the commit position then stands for both. */
function fallbackPosition(commitPosition: bigint | undefined): Position {
  if (commitPosition === undefined) throw new Error('EventStoreDB returned an event without a position')
  return { commit: commitPosition, prepare: commitPosition }
}

function isJsonType(value: unknown): value is JSONType {
  return typeof value === 'string' || (typeof value === 'object' && value !== null)
}

function isMetadata(value: unknown): value is EventMetadata {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  )
}
