import {
  type EventStoreDBClient,
  eventTypeFilter,
  excludeSystemEvents,
  type Filter,
  START,
  streamNameFilter,
} from '@eventstore/db-client'
import { comparePositions, type RecordedEvent, type SubscribeOptions, type Subscription } from '../port'
import { matchesFilter, toRecordedEvent } from './mapping'

/**
 * A catch-up subscription to `$all`. The server filters as closely as one filter allows
 * (stream prefixes, else event type prefixes, else no system events); the exact filter, the
 * system-event exclusion and "strictly after `from`" are enforced here as well.
 */
export function subscribeToAll(client: EventStoreDBClient, options: SubscribeOptions): Subscription {
  const from = options.from
  const source = client.subscribeToAll({
    fromPosition: from === 'start' ? START : from,
    filter: serverFilter(options),
  })
  let closed = false

  async function* events(): AsyncGenerator<RecordedEvent> {
    try {
      for await (const resolved of source) {
        if (closed) return
        const event = toRecordedEvent(resolved)
        if (!event || !matchesFilter(event, options.filter)) continue
        if (from !== 'start' && comparePositions(event.position, from) <= 0) continue
        yield event
      }
    } catch (error) {
      // Cancelling the gRPC call on close may surface as an error; it is the end we asked for.
      if (!closed) throw error
    }
  }

  const iterator = events()
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      if (closed) return
      closed = true
      await source.unsubscribe()
      source.destroy()
      await iterator.return(undefined)
    },
  }
}

function serverFilter({ filter }: SubscribeOptions): Filter {
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) {
    return streamNameFilter({ prefixes: [...filter.streamPrefixes] })
  }
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({ prefixes: [...filter.eventTypes] })
  }
  return excludeSystemEvents()
}
