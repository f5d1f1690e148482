import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'

/**
 * A read model built from the log. `apply` must be idempotent under replay: the runner and a
 * rebuild may deliver an event that is already reflected in the rows (see README).
 */
export interface Projection {
  readonly name: string
  /** Event types it subscribes to; nothing else is delivered. */
  readonly handles: readonly string[]
  /** Tables it owns: a rebuild empties exactly these. */
  readonly tables: readonly string[]
  apply(trx: Knex.Transaction, event: RecordedEvent): Promise<void>
  /**
   * Optional: the same as `apply` on each event in turn, but for a whole page at once (folded in
   * memory, written with a few multi-row statements). Only given events of its `handles`, in
   * log order. The runner and rebuilds use it when present; catching up is then not one round
   * trip per event.
   */
  applyBatch?(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void>
  /**
   * Optional: a writer for one rebuild, which replays the log once, in order, into fresh copies
   * of `tables` that nothing else reads or writes until they are swapped in. It may keep what it
   * wrote in memory instead of reading it back. Given pages of its `handles` in log order, one
   * at a time, each committed before the next. Rebuilds use `applyBatch` or `apply` without it.
   */
  rebuildWriter?(): PageWriter
}

/** Applies a page of events inside the caller's transaction. */
export type PageWriter = (trx: Knex.Transaction, events: readonly RecordedEvent[]) => Promise<void>

/** When the event happened: the command's time from its metadata, else when it was stored. */
export function eventTime(event: RecordedEvent): Date {
  const occurredAt = event.metadata.occurredAt
  if (typeof occurredAt === 'string') {
    const parsed = new Date(occurredAt)
    if (!Number.isNaN(parsed.getTime())) return parsed
  }
  return event.recordedAt
}
