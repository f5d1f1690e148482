import { type EntryRow, entriesTable } from '@prizes/read-models'
import { type FoldedTable, isNewer, type RowStep, type StoredRow } from '../fold'

type Settable = Partial<Record<Exclude<keyof EntryRow, 'id' | 'last_revision' | 'updated_at'>, unknown>>

/** A change made by the event at `revision` of the competition stream, which holds every entry. */
interface Change {
  readonly id: string
  readonly revision: bigint
  readonly at: Date
}

/** Every column, for the batch upsert. */
const columns = [
  'id',
  'competition_id',
  'user_id',
  'quantity',
  'amount_pence',
  'answer',
  'answer_correct',
  'ticket_numbers',
  'entry_reference',
  'payment_intent_id',
  'payment_status',
  'status',
  'release_reason',
  'refund_reason',
  'reserved_at',
  'expires_at',
  'paid_at',
  'refunded_at',
  'won_at',
  'entry_method',
  'received_at',
  'updated_at',
  'last_revision',
] as const satisfies readonly (keyof EntryRow)[]

/** The columns' defaults, for a row an event creates. */
const blank = {
  answer_correct: null,
  ticket_numbers: [],
  entry_reference: null,
  payment_intent_id: null,
  release_reason: null,
  refund_reason: null,
  expires_at: null,
  paid_at: null,
  refunded_at: null,
  won_at: null,
  entry_method: 'online',
  received_at: null,
}

/** Marks a row as changed by the event: when, and at which revision of the stream. */
function stamp(row: StoredRow, change: Change): StoredRow {
  row.updated_at = change.at
  row.last_revision = Number(change.revision)
  return row
}

/** First sight of an entry: its reservation. A replayed one finds the row there and changes nothing. */
export function insertEntry(change: Change, row: Settable): RowStep {
  return {
    key: change.id,
    apply: (existing) => (existing ? undefined : stamp({ id: change.id, ...blank, ...row }, change)),
  }
}

/**
 * Applies a change unless the row already reflects this event or a later one (the revision
 * guard of the competitions model: every event of an entry is on one stream, so its
 * revisions only grow).
 */
export function updateEntry(change: Change, set: Settable): RowStep {
  return {
    key: change.id,
    apply: (existing) =>
      existing && isNewer(existing, change.revision)
        ? stamp(Object.assign(existing, set), change)
        : undefined,
  }
}

/**
 * An update that creates the row when there is none yet: an allocation may be the first event
 * of an entry (a free competition need not reserve first). `insertOnly` columns are kept from
 * an existing row (its reservation time); the rest follow the revision guard.
 */
export function upsertEntry(
  change: Change,
  row: { readonly set: Settable; readonly insertOnly: Settable },
): RowStep {
  return {
    key: change.id,
    apply: (existing) => {
      if (!existing) return stamp({ id: change.id, ...blank, ...row.insertOnly, ...row.set }, change)
      return isNewer(existing, change.revision) ? stamp(Object.assign(existing, row.set), change) : undefined
    },
  }
}

/** The entries table for `foldIntoRows`, given the steps its events make. */
export const entryRows = (step: FoldedTable['step']): FoldedTable => ({
  table: entriesTable,
  key: 'id',
  columns,
  step,
})
