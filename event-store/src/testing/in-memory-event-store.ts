import { randomUUID } from 'node:crypto'
import {
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadStreamOptions,
  type RecordedEvent,
  type Subscription,
  type SubscriptionFilter,
  WrongExpectedVersion,
} from '../port'
import type { Snapshot, SnapshotStore } from '../snapshots/port'

/** The port in memory, with its snapshots, and every event in log order for assertions. */
export type InMemoryEventStore = EventStore & {
  readonly snapshots: SnapshotStore
  /** Every event in append order (which is the log's order). */
  readonly all: readonly RecordedEvent[]
}

/** Both lists apply together; a missing or empty one does not filter (see `SubscriptionFilter`). */
function matches(event: RecordedEvent, filter: SubscriptionFilter | undefined): boolean {
  const { eventTypes, streamPrefixes } = filter ?? {}
  if (eventTypes?.length && !eventTypes.includes(event.type)) return false
  if (streamPrefixes?.length && !streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) {
    return false
  }
  return true
}

const after = (from: Position | 'start') => (event: RecordedEvent) =>
  from === 'start' || comparePositions(event.position, from) > 0

function checkExpected(streamId: string, expected: ExpectedRevision, actual: bigint | 'noStream') {
  const ok =
    expected === 'any' ||
    (expected === 'noStream' && actual === 'noStream') ||
    (expected === 'streamExists' && actual !== 'noStream') ||
    (typeof expected === 'bigint' && expected === actual)
  if (!ok) throw new WrongExpectedVersion(streamId, expected, actual)
}

/** A stream's events as `readStream` selects them: inclusive `from`, either direction, a limit. */
function selectFromStream(stream: readonly RecordedEvent[], options: ReadStreamOptions): RecordedEvent[] {
  const backwards = options.direction === 'backwards'
  const from = options.from ?? (backwards ? 'end' : 'start')
  // As the PostgreSQL adapter: 'start' backwards is revision 0, 'end' forwards is nothing.
  if (from === 'end' && !backwards) return []
  const bound = from === 'start' ? (backwards ? 0n : undefined) : from === 'end' ? undefined : from
  const ordered = backwards ? [...stream].reverse() : [...stream]
  const selected = ordered.filter(
    (event) => bound === undefined || (backwards ? event.revision <= bound : event.revision >= bound),
  )
  return selected.slice(0, options.limit ?? selected.length)
}

/** Snapshots kept per stream: the latest of the newest version saved (see `SnapshotStore`). */
function createInMemorySnapshots(): SnapshotStore {
  const kept = new Map<string, { version: string; snapshot: Snapshot }>()
  return {
    async load(streamId, version) {
      const found = kept.get(streamId)
      return found?.version === version ? { ...found.snapshot } : undefined
    },
    async save(streamId, version, snapshot) {
      const found = kept.get(streamId)
      if (found?.version === version && found.snapshot.revision >= snapshot.revision) return
      kept.set(streamId, { version, snapshot: { ...snapshot } })
    },
  }
}

/**
 * The event store for unit tests: the port's semantics in one process (0-based revisions, atomic
 * appends guarded by the expected revision, one total order with positions counting up from 1,
 * subscriptions that catch up and then follow live appends), checked by the same contract suite
 * as the adapters (`in-memory-event-store.test.ts`). Appended data and metadata are copied, as
 * a database would keep them. It has no `transaction`, which only PostgreSQL offers.
 */
export function createInMemoryEventStore(): InMemoryEventStore {
  const all: RecordedEvent[] = []
  const streams = new Map<string, RecordedEvent[]>()
  const wakers = new Set<() => void>()
  const open = new Set<Subscription>()

  function subscribeToAll(options: { from: Position | 'start'; filter?: SubscriptionFilter }): Subscription {
    let closed = false
    let wake: (() => void) | undefined
    const onAppend = () => wake?.()
    wakers.add(onAppend)
    async function* deliver(): AsyncGenerator<RecordedEvent> {
      let index = all.findIndex(after(options.from))
      if (index < 0) index = all.length
      while (!closed) {
        const event = all[index]
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
    const subscription: Subscription = {
      [Symbol.asyncIterator]: () => iterable,
      async close() {
        closed = true
        wakers.delete(onAppend)
        open.delete(subscription)
        wake?.()
      },
    }
    open.add(subscription)
    return subscription
  }

  return {
    all,
    snapshots: createInMemorySnapshots(),
    async append(streamId, events: readonly NewEvent[], { expectedRevision }) {
      if (events.length === 0) throw new Error(`append to ${streamId} needs at least one event`)
      const stream = streams.get(streamId) ?? []
      checkExpected(streamId, expectedRevision, stream.at(-1)?.revision ?? 'noStream')
      const recorded = events.map((event, i): RecordedEvent => {
        const sequence = BigInt(all.length + i + 1)
        return {
          id: event.id ?? randomUUID(),
          type: event.type,
          data: structuredClone(event.data),
          metadata: structuredClone(event.metadata ?? {}),
          streamId,
          revision: BigInt(stream.length + i),
          position: { commit: sequence, prepare: sequence },
          recordedAt: new Date(),
        }
      })
      const last = recorded.at(-1)
      if (!last) throw new Error('unreachable: at least one event was recorded')
      streams.set(streamId, [...stream, ...recorded])
      all.push(...recorded)
      for (const wake of wakers) wake()
      return { nextExpectedRevision: last.revision, position: last.position }
    },
    async readStream(streamId, options = {}) {
      return selectFromStream(streams.get(streamId) ?? [], options)
    },
    subscribeToAll,
    async readAll({ from, limit, filter }) {
      return all.filter((event) => after(from)(event) && matches(event, filter)).slice(0, limit)
    },
    async close() {
      await Promise.all([...open].map((subscription) => subscription.close()))
    },
  }
}
