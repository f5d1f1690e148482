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
}

/** When the event happened: the command's time from its metadata, else when it was stored. */
export function eventTime(event: RecordedEvent): Date {
  const occurredAt = event.metadata.occurredAt
  if (typeof occurredAt === 'string') {
    const parsed = new Date(occurredAt)
    if (!Number.isNaN(parsed.getTime())) return parsed
  }
  return event.recordedAt
}
