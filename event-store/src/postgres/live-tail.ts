import type pg from 'pg'
import type { EventStoreLogger } from '../logger'
import { comparePositions, type Position, type RecordedEvent, type SubscriptionFilter } from '../port'
import { readAllPage } from './read-all'
import type { WakeUps } from './wake-ups'

export interface LiveTailOptions {
  /** Most events kept in memory; a subscription further behind reads the log itself. */
  readonly capacity: number
  /** Events read per query. */
  readonly pageSize: number
  readonly pollIntervalMs: number
  readonly heldBackRetryMs: number
}

/** The start of the log as a position: before every event. */
const origin: Position = { commit: 0n, prepare: 0n }
const heldBackRetryMaxMs = 500

/**
 * The log's newest events, read once per wake-up for every subscription of a store. One reader
 * follows `$all` unfiltered, in the store's order and under the same visibility rule as any
 * subscription (`read-all.ts`), into a bounded window: it holds every event with a position in
 * `(from, head]`. A subscription whose cursor is at or after `from` takes its events from the
 * window instead of querying; one further behind reads the log itself until it catches up.
 *
 * Sound because no event ever becomes readable at or before a position already read: the
 * window never misses an event that later appears inside it.
 */
export function createLiveTail(
  pool: pg.Pool,
  wakeUps: WakeUps,
  options: LiveTailOptions,
  logger: EventStoreLogger,
) {
  let events: RecordedEvent[] = []
  let from: Position = origin
  let head: Position = origin
  /** Under way or done; undefined while the tail is not running. */
  let started: Promise<void> | undefined
  /** The window is usable: the head is known and the reader has not failed. */
  let running = false
  let closed = false
  let stopReading: (() => void) | undefined
  let reading: Promise<void> | undefined
  /** Subscriptions waiting for the head to move; woken when it does, or the tail fails or closes. */
  const waiting = new Set<() => void>()
  let reads = 0

  function announce() {
    for (const wake of [...waiting]) wake()
  }

  /** The newest readable position now: everything at or before it is readable. */
  async function readableHead(): Promise<Position> {
    const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
      `select e.transaction_id::text as transaction_id, e.global_position::text as global_position
       from events e
       where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by e.transaction_id desc, e.global_position desc
       limit 1`,
    )
    const row = rows[0]
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) } : origin
  }

  function start(): Promise<void> {
    started ??= (async () => {
      const listener = await wakeUps.listen()
      try {
        head = await readableHead()
      } catch (error) {
        listener.dispose()
        throw error
      }
      from = head
      events = []
      running = !closed
      stopReading = () => listener.dispose()
      reading = follow(listener).catch((error: unknown) => {
        // Subscriptions on the window fall back on reading the log themselves, and the first of
        // them to catch up again restarts the tail.
        if (!closed) logger.warn({ err: error }, 'event store live tail failed; subscriptions read the log')
        running = false
        started = undefined
        events = []
        announce()
      })
    })()
    started.catch(() => {
      started = undefined
    })
    return started
  }

  async function follow(listener: Awaited<ReturnType<WakeUps['listen']>>): Promise<void> {
    let retryMs = options.heldBackRetryMs
    try {
      while (!closed) {
        listener.take()
        reads += 1
        const page = await readAllPage(pool, head, options.pageSize)
        if (closed) return
        const last = page.events.at(-1)
        if (last) {
          events.push(...page.events)
          head = last.position
          const excess = events.length - options.capacity
          if (excess > 0) {
            from = events[excess - 1]?.position ?? from
            events = events.slice(excess)
          }
          announce()
        }
        if (page.events.length === options.pageSize) continue
        if (page.heldBack) {
          await listener.wait(retryMs)
          retryMs = Math.min(retryMs * 2, options.pollIntervalMs, heldBackRetryMaxMs)
        } else {
          retryMs = options.heldBackRetryMs
          await listener.wait(options.pollIntervalMs)
        }
      }
    } finally {
      listener.dispose()
    }
  }

  return {
    /** Starts the reader if it is not running; resolves once its head is known. */
    start,
    /** The head now: every readable event at or before it is in the window (or was evicted). */
    head: () => head,
    /** Whether the window holds every event after `after` up to the head. */
    covers(after: Position | 'start'): boolean {
      return running && comparePositions(after === 'start' ? origin : after, from) >= 0
    },
    /**
     * The events after `after` matching `filter`, and the head they run to, when the window
     * covers `after`; undefined when it does not (the caller reads the log itself).
     */
    take(after: Position | 'start', filter: SubscriptionFilter | undefined) {
      const cursor = after === 'start' ? origin : after
      if (!running || comparePositions(cursor, from) < 0) return undefined
      const matching: RecordedEvent[] = []
      for (let i = firstAfter(cursor); i < events.length; i++) {
        const event = events[i]
        if (event && matches(event, filter)) matching.push(event)
      }
      const upTo = comparePositions(cursor, head) > 0 ? cursor : head
      return { events: matching, head: upTo }
    },
    /** Resolves once the head is past `after` (or the tail fails, or closes), or after `ms`. */
    waitForMore(after: Position, ms: number): Promise<void> {
      if (closed || !running || comparePositions(head, after) > 0) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const timer = setTimeout(wake, ms)
        function wake() {
          clearTimeout(timer)
          waiting.delete(wake)
          resolve()
        }
        waiting.add(wake)
      })
    },
    /** Queries of the log the tail has made; for tests. */
    reads: () => reads,
    async close(): Promise<void> {
      closed = true
      running = false
      stopReading?.()
      announce()
      await started?.catch(() => {})
      await reading
    },
  }

  /** Index of the first event in the window strictly after `cursor`. */
  function firstAfter(cursor: Position): number {
    let low = 0
    let high = events.length
    while (low < high) {
      const middle = (low + high) >>> 1
      const event = events[middle]
      if (event && comparePositions(event.position, cursor) <= 0) low = middle + 1
      else high = middle
    }
    return low
  }
}

export type LiveTail = ReturnType<typeof createLiveTail>

/** The same test the SQL of `filterSql` applies. */
export function matches(event: RecordedEvent, filter: SubscriptionFilter | undefined): boolean {
  const prefixes = filter?.streamPrefixes
  if (prefixes && prefixes.length > 0 && !prefixes.some((p) => event.streamId.startsWith(p))) return false
  const types = filter?.eventTypes
  if (types && types.length > 0 && !types.includes(event.type)) return false
  return true
}
