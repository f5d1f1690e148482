/**
 * The event store port (DESIGN section 4). Both adapters implement it and pass the same
 * contract suite (`contract.int.test.ts`).
 */

export type ExpectedRevision = 'noStream' | 'streamExists' | 'any' | bigint

/**
 * A point in the global log. Opaque to consumers except that positions are totally ordered
 * (`comparePositions`) and serialisable (`positionToString` / `positionFromString`) so a
 * consumer can store the last one it handled. For PostgreSQL `commit` is the writing
 * transaction id and `prepare` the global sequence; for EventStoreDB they are its own pair.
 */
export interface Position {
  readonly commit: bigint
  readonly prepare: bigint
}

export interface EventMetadata {
  readonly [key: string]: unknown
}

/** What a caller hands to `append`. */
export interface NewEvent {
  readonly id?: string
  readonly type: string
  readonly data: unknown
  readonly metadata?: EventMetadata
}

/** What the store hands back. */
export interface RecordedEvent {
  readonly id: string
  readonly type: string
  readonly data: unknown
  readonly metadata: EventMetadata
  readonly streamId: string
  readonly revision: bigint
  readonly position: Position
  readonly recordedAt: Date
}

export interface AppendResult {
  /** Revision of the last event written. */
  readonly nextExpectedRevision: bigint
  readonly position: Position
}

export interface ReadStreamOptions {
  /** 'start' | 'end' | a revision (inclusive). Defaults to start (or end when backwards). */
  readonly from?: 'start' | 'end' | bigint
  readonly direction?: 'forwards' | 'backwards'
  readonly limit?: number
}

/**
 * Which events a reader of `$all` wants. Both lists apply together; a missing or empty list does
 * not filter. Stream prefixes match literally; event types match exactly.
 */
export interface SubscriptionFilter {
  readonly streamPrefixes?: readonly string[]
  readonly eventTypes?: readonly string[]
}

export interface SubscribeOptions {
  /** Deliver every event strictly after this position, or from the very first. */
  readonly from: Position | 'start'
  readonly filter?: SubscriptionFilter
}

/**
 * A live subscription: an async iterable that yields events in global order, first catching up
 * and then live. `close()` ends the iteration.
 */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>
}

/**
 * A transaction of the store's database, for a caller whose own rows must change with its
 * events: its appends and statements commit together or not at all. Statements are the
 * adapter's SQL (PostgreSQL, `$1` parameters).
 */
export interface EventStoreTransaction {
  append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>
  query<Row = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ readonly rows: Row[]; readonly rowCount: number }>
}

export interface EventStore {
  /**
   * Appends at least one event, all or nothing, if the stream is where `expectedRevision` says;
   * else throws `WrongExpectedVersion`. Event ids are generated when not given.
   */
  append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>
  /** Events of one stream; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>
  /**
   * Only where events live in a database that can hold other rows too (PostgreSQL): runs `work`
   * in one transaction and commits it when `work` resolves, rolling everything back when it
   * throws. Subscribers hear of its events after the commit. Absent on EventStoreDB, whose
   * callers complete their rows after the append instead (a reactor, idempotently).
   */
  transaction?<T>(work: (tx: EventStoreTransaction) => Promise<T>): Promise<T>
  /** Every event after `from` in global order, then live ones. */
  subscribeToAll(options: SubscribeOptions): Subscription
  /**
   * Up to `limit` events strictly after `from`, in the same order a subscription delivers them,
   * without waiting for more; used by rebuilds to know the head.
   */
  readAll(options: {
    from: Position | 'start'
    limit: number
    filter?: SubscriptionFilter
  }): Promise<RecordedEvent[]>
  close(): Promise<void>
}

export class WrongExpectedVersion extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION'
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual revision, or 'noStream'. */
    readonly actual: bigint | 'noStream',
  ) {
    super(`Wrong expected version on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`)
    this.name = 'WrongExpectedVersion'
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1
  return 0
}

export function positionToString(p: Position): string {
  return `${p.commit}/${p.prepare}`
}

export function positionFromString(s: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(s)
  if (!match?.[1] || !match[2]) throw new Error(`Not an event-store position: ${s}`)
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) }
}
