import { randomUUID } from 'node:crypto'
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type Subscription,
  type SubscriptionFilter,
  WrongExpectedVersion,
} from '@prizes/event-store'

function matches(event: RecordedEvent, filter: SubscriptionFilter | undefined): boolean {
  if (filter?.eventTypes && !filter.eventTypes.includes(event.type)) return false
  if (filter?.streamPrefixes && !filter.streamPrefixes.some((p) => event.streamId.startsWith(p))) return false
  return true
}

const after = (from: Position | 'start') => (event: RecordedEvent) =>
  from === 'start' || comparePositions(event.position, from) > 0

/**
 * A small in-memory EventStore for unit tests only: one total order, positions counting up from 1.
 * Integration tests use the PostgreSQL adapter.
 */
export function createInMemoryEventStore(): EventStore & { readonly events: readonly RecordedEvent[] } {
  const events: RecordedEvent[] = []
  const revisions = new Map<string, bigint>()
  const listeners = new Set<() => void>()

  function subscribeToAll(options: { from: Position | 'start'; filter?: SubscriptionFilter }): Subscription {
    let closed = false
    let wake: (() => void) | undefined
    const onAppend = () => wake?.()
    listeners.add(onAppend)
    const close = async () => {
      closed = true
      listeners.delete(onAppend)
      wake?.()
    }
    async function* deliver(): AsyncGenerator<RecordedEvent> {
      let index = events.findIndex(after(options.from))
      if (index < 0) index = events.length
      while (!closed) {
        const event = events[index]
        if (event === undefined) {
          await new Promise<void>((resolve) => {
            wake = resolve
          })
          continue
        }
        index += 1
        if (matches(event, options.filter)) yield event
      }
    }
    const iterable = deliver()
    return {
      [Symbol.asyncIterator]: () => iterable,
      close,
    }
  }

  return {
    events,
    async append(streamId, newEvents: readonly NewEvent[], { expectedRevision }) {
      if (newEvents.length === 0) throw new Error('append needs at least one event')
      const current = revisions.get(streamId)
      const ok =
        expectedRevision === 'any' ||
        (expectedRevision === 'noStream' && current === undefined) ||
        (expectedRevision === 'streamExists' && current !== undefined) ||
        (typeof expectedRevision === 'bigint' && current === expectedRevision)
      if (!ok) throw new WrongExpectedVersion(streamId, expectedRevision, current ?? 'noStream')
      let revision = current ?? -1n
      for (const e of newEvents) {
        revision += 1n
        const sequence = BigInt(events.length + 1)
        events.push({
          id: e.id ?? randomUUID(),
          type: e.type,
          data: e.data,
          metadata: e.metadata ?? {},
          streamId,
          revision,
          position: { commit: sequence, prepare: sequence },
          recordedAt: new Date(),
        })
      }
      revisions.set(streamId, revision)
      for (const listener of listeners) listener()
      const last = events.at(-1)
      if (!last) throw new Error('unreachable: events were just appended')
      return { nextExpectedRevision: revision, position: last.position }
    },
    async readStream(streamId) {
      return events.filter((e) => e.streamId === streamId)
    },
    subscribeToAll,
    async readAll({ from, limit, filter }) {
      return events.filter((e) => after(from)(e) && matches(e, filter)).slice(0, limit)
    },
    async close() {
      listeners.clear()
    },
  }
}
