import type { Knex } from 'knex'

export const entriesTable = 'entries'

/** Where an entry is in its life, as the competition stream tells it. */
export const entryLifecycle = ['reserved', 'released', 'allocated', 'refund_due', 'refunded'] as const
export type EntryLifecycle = (typeof entryLifecycle)[number]

/** A row as stored; the query service keeps its own view of this shape for reading. */
export interface EntryRow {
  readonly id: string
  readonly competition_id: string
  readonly user_id: string
  readonly quantity: number
  readonly amount_pence: number
  readonly answer: string
  /** Null until the tickets are allocated: correctness is decided then. */
  readonly answer_correct: boolean | null
  readonly ticket_numbers: number[]
  readonly entry_reference: string | null
  readonly payment_intent_id: string | null
  readonly payment_status: 'pending' | 'paid' | 'failed' | 'refunded'
  readonly status: EntryLifecycle
  readonly release_reason: string | null
  readonly refund_reason: string | null
  readonly reserved_at: Date
  readonly expires_at: Date | null
  readonly paid_at: Date | null
  readonly refunded_at: Date | null
  /** Set when the draw picked one of this entry's tickets. */
  readonly won_at: Date | null
  readonly updated_at: Date
  readonly last_revision: number
}

type Settable = Partial<Record<Exclude<keyof EntryRow, 'id' | 'last_revision' | 'updated_at'>, unknown>>

/** A change made by the event at `revision` of the competition stream, which holds every entry. */
interface Change {
  readonly id: string
  readonly revision: bigint
  readonly at: Date
}

/** First sight of an entry: its reservation. A replayed one finds the row there and changes nothing. */
export async function insertEntry(trx: Knex.Transaction, change: Change, row: Settable): Promise<void> {
  await trx(entriesTable)
    .insert({ ...row, id: change.id, updated_at: change.at, last_revision: change.revision.toString() })
    .onConflict('id')
    .ignore()
}

/**
 * Applies a change unless the row already reflects this event or a later one (the revision
 * guard of the competitions model: every event of an entry is on one stream, so its
 * revisions only grow).
 */
export async function updateEntry(trx: Knex.Transaction, change: Change, set: Settable): Promise<void> {
  await trx(entriesTable)
    .where('id', change.id)
    .andWhere('last_revision', '<', change.revision.toString())
    .update({ ...set, updated_at: change.at, last_revision: change.revision.toString() })
}

/**
 * An update that creates the row when there is none yet: an allocation may be the first event
 * of an entry (a free competition need not reserve first). `insertOnly` columns are kept from
 * an existing row (its reservation time); the rest follow the revision guard.
 */
export async function upsertEntry(
  trx: Knex.Transaction,
  change: Change,
  row: { readonly set: Settable; readonly insertOnly: Settable },
): Promise<void> {
  const columns = [...Object.keys(row.set), 'updated_at', 'last_revision']
  await trx(entriesTable)
    .insert({
      ...row.insertOnly,
      ...row.set,
      id: change.id,
      updated_at: change.at,
      last_revision: change.revision.toString(),
    })
    .onConflict('id')
    .merge(columns)
    .where(`${entriesTable}.last_revision`, '<', change.revision.toString())
}
