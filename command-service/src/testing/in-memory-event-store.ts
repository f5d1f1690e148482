import { randomUUID } from 'node:crypto'
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  WrongExpectedVersion,
} from '@prizes/event-store'

/** The part of the port that command handling uses, and all this fake implements. */
export type InMemoryEventStore = Pick<EventStore, 'append' | 'readStream'> & {
  /** Every event in append order, for assertions. */
  readonly all: readonly RecordedEvent[]
}

function checkExpected(streamId: string, expected: ExpectedRevision, actual: bigint | 'noStream') {
  const ok =
    expected === 'any' ||
    (expected === 'noStream' && actual === 'noStream') ||
    (expected === 'streamExists' && actual !== 'noStream') ||
    (typeof expected === 'bigint' && expected === actual)
  if (!ok) throw new WrongExpectedVersion(streamId, expected, actual)
}

/**
 * A unit-test fake with the port's append and readStream semantics: 0-based revisions,
 * atomic appends guarded by the expected revision, inclusive `from`, both directions, limit.
 * Production and integration tests use the PostgreSQL adapter.
 */
export function createInMemoryEventStore(): InMemoryEventStore {
  const streams = new Map<string, RecordedEvent[]>()
  const all: RecordedEvent[] = []

  return {
    all,
    async append(
      streamId: string,
      events: readonly NewEvent[],
      options: { expectedRevision: ExpectedRevision },
    ) {
      if (events.length === 0) throw new Error(`append to ${streamId} needs at least one event`)
      const stream = streams.get(streamId) ?? []
      const last = stream.at(-1)
      checkExpected(streamId, options.expectedRevision, last ? last.revision : 'noStream')
      const recorded = events.map((event, i): RecordedEvent => {
        const global = BigInt(all.length + i + 1)
        return {
          id: event.id ?? randomUUID(),
          type: event.type,
          data: structuredClone(event.data),
          metadata: structuredClone(event.metadata ?? {}),
          streamId,
          revision: BigInt(stream.length + i),
          position: { commit: global, prepare: global },
          recordedAt: new Date(),
        }
      })
      const tail = recorded.at(-1)
      if (!tail) throw new Error('unreachable: at least one event was recorded')
      streams.set(streamId, [...stream, ...recorded])
      all.push(...recorded)
      const result: AppendResult = { nextExpectedRevision: tail.revision, position: tail.position }
      return result
    },
    async readStream(streamId: string, options: ReadStreamOptions = {}) {
      const stream = streams.get(streamId) ?? []
      const backwards = options.direction === 'backwards'
      const from = options.from ?? (backwards ? 'end' : 'start')
      // As the PostgreSQL adapter: 'start' backwards is revision 0, 'end' forwards is nothing.
      const bound = from === 'start' ? (backwards ? 0n : undefined) : from === 'end' ? undefined : from
      if (from === 'end' && !backwards) return []
      const ordered = backwards ? [...stream].reverse() : [...stream]
      const selected = ordered.filter(
        (event) => bound === undefined || (backwards ? event.revision <= bound : event.revision >= bound),
      )
      return selected.slice(0, options.limit ?? selected.length)
    },
  }
}
