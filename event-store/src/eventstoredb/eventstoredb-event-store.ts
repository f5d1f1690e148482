import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client'
import {
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscriptionFilter,
  WrongExpectedVersion,
} from '../port'
import type { SnapshotStore } from '../snapshots/port'
import { toEsdbConnectionString } from './connection-string'
import { matchesFilter, toAppendExpectedRevision, toEventData, toRecordedEvent } from './mapping'
import { createEventStoreDbSnapshotStore } from './snapshots'
import { subscribeToAll } from './subscription'

export interface EventStoreDbEventStoreOptions {
  /** `esdb://`, `esdb+discover://`, `kurrentdb://` or `kurrentdb+discover://`. */
  readonly connectionString: string
}

/** How many `$all` events one `readAll` pulls per round while filtering on this side. */
const readAllChunk = 500

export function createEventStoreDbEventStore(
  options: EventStoreDbEventStoreOptions,
): EventStore & { readonly snapshots: SnapshotStore } {
  const client = EventStoreDBClient.connectionString(toEsdbConnectionString(options.connectionString))
  const subscriptions = new Set<{ close(): Promise<void> }>()

  return {
    snapshots: createEventStoreDbSnapshotStore(client),
    async append(streamId, events, { expectedRevision }) {
      if (events.length === 0) throw new Error(`append to ${streamId} needs at least one event`)
      try {
        const result = await client.appendToStream(streamId, events.map(toEventData), {
          expectedRevision: toAppendExpectedRevision(expectedRevision),
        })
        if (!result.position)
          throw new Error(`EventStoreDB returned no position for the append to ${streamId}`)
        return { nextExpectedRevision: result.nextExpectedRevision, position: result.position }
      } catch (error) {
        throw toWrongExpectedVersion(error, streamId, expectedRevision) ?? error
      }
    },

    async readStream(streamId, readOptions: ReadStreamOptions = {}) {
      if (readOptions.limit === 0) return []
      const backwards = readOptions.direction === 'backwards'
      const from = readOptions.from ?? (backwards ? 'end' : 'start')
      const events: RecordedEvent[] = []
      try {
        const read = client.readStream(streamId, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: from === 'start' ? START : from === 'end' ? END : from,
          ...(readOptions.limit === undefined ? {} : { maxCount: readOptions.limit }),
        })
        for await (const resolved of read) {
          const event = toRecordedEvent(resolved)
          if (event) events.push(event)
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return []
        throw error
      }
      return events
    },

    readAll: ({ from, limit, filter }) => readAll(client, from, limit, filter),

    subscribeToAll(subscribeOptions) {
      const subscription = subscribeToAll(client, subscribeOptions)
      const tracked = {
        [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
        async close() {
          subscriptions.delete(tracked)
          await subscription.close()
        },
      }
      subscriptions.add(tracked)
      return tracked
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()))
      await client.dispose()
    },
  }
}

/**
 * `$all` reads take no filter, and a read from a position includes the event at it; both are
 * handled here so `readAll` means what the port says: up to `limit` matching events strictly
 * after `from`.
 */
async function readAll(
  client: EventStoreDBClient,
  from: Position | 'start',
  limit: number,
  filter: SubscriptionFilter | undefined,
): Promise<RecordedEvent[]> {
  const page: RecordedEvent[] = []
  let cursor: Position | 'start' = from
  for (;;) {
    let received = 0
    let fresh = 0
    for await (const resolved of client.readAll({
      fromPosition: cursor === 'start' ? START : cursor,
      maxCount: readAllChunk,
    })) {
      received++
      const position = resolved.event?.position
      if (!position || (cursor !== 'start' && comparePositions(position, cursor) <= 0)) continue
      cursor = position
      fresh++
      const event = toRecordedEvent(resolved)
      if (!event || !matchesFilter(event, filter)) continue
      page.push(event)
      if (page.length === limit) return page
    }
    if (fresh === 0 || received < readAllChunk) return page
  }
}

function toWrongExpectedVersion(
  error: unknown,
  streamId: string,
  expected: ExpectedRevision,
): WrongExpectedVersion | undefined {
  if (!(error instanceof WrongExpectedVersionError)) return undefined
  const actual = error.actualVersion
  return new WrongExpectedVersion(streamId, expected, actual === NO_STREAM ? 'noStream' : actual)
}
