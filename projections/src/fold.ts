import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'

/** A row as PostgreSQL returns it through `createKnex` (bigints as numbers, jsonb parsed). */
export type StoredRow = Readonly<Record<string, unknown>>

/**
 * What one event does to the row it names (`key`), exactly as a statement of its own would:
 * `apply` returns undefined when the row does not exist and the event does not create it, the
 * same row when it changes nothing (a replay, held back by the revision guard), else the new row.
 */
export interface RowStep {
  readonly key: string
  apply(row: StoredRow | undefined): StoredRow | undefined
}

export interface FoldedTable {
  readonly table: string
  /** The primary key column. */
  readonly key: string
  /** Every column, for the multi-row upsert. */
  readonly columns: readonly string[]
  /** The step an event makes (its data parsed with its contract), or undefined: not ours. */
  step(event: RecordedEvent): RowStep | undefined
}

/** Parses an event's data with its contract schema, then says what it does to which row. */
export function onRow<S extends { parse(data: unknown): unknown }>(
  schema: S,
  step: (event: RecordedEvent, data: ReturnType<S['parse']>) => RowStep,
): (event: RecordedEvent) => RowStep {
  return (event) => step(event, schema.parse(event.data) as ReturnType<S['parse']>)
}

/** Picks the step by event type; types without one are not this table's concern. */
export function stepsByType(steps: object): (event: RecordedEvent) => RowStep | undefined {
  const byType = steps as Readonly<Record<string, ((event: RecordedEvent) => RowStep) | undefined>>
  return (event) => byType[event.type]?.(event)
}

/** Whether a stored revision guard lets an event at `revision` through. */
export const isNewer = (row: StoredRow, revision: bigint) => Number(row.last_revision) < Number(revision)

/**
 * Applies a page of events to a table keyed by one column in two round trips: loads the rows
 * the events name, folds every event into its row in memory in log order, and writes the rows
 * that changed with multi-row `insert … on conflict do update`. Callers hold the projection's
 * lock (the runner, the rebuild), so no one else writes these rows in between.
 */
export async function foldIntoRows(
  trx: Knex.Transaction,
  spec: FoldedTable,
  events: readonly RecordedEvent[],
): Promise<void> {
  const steps = events.flatMap((event) => spec.step(event) ?? [])
  if (steps.length === 0) return
  const keys = [...new Set(steps.map((step) => step.key))]
  const rows = new Map<string, StoredRow>()
  const existing = await trx(spec.table)
    .whereRaw('?? = any(?::text[])', [spec.key, keys])
    .select<StoredRow[]>(spec.columns)
  for (const row of existing) {
    rows.set(String(row[spec.key]), row)
  }
  const changed = new Set<string>()
  for (const step of steps) {
    const before = rows.get(step.key)
    const after = step.apply(before)
    if (after && after !== before) {
      rows.set(step.key, after)
      changed.add(step.key)
    }
  }
  await upsert(
    trx,
    spec,
    [...changed].map((key) => rows.get(key) as StoredRow),
  )
}

/**
 * One statement per page whatever its size: the rows travel as one JSON parameter and PostgreSQL
 * turns them into the table's row type (arrays, jsonb and timestamps included); knex would
 * otherwise bind every value separately, which costs more than the write.
 */
async function upsert(trx: Knex.Transaction, spec: FoldedTable, rows: readonly StoredRow[]): Promise<void> {
  if (rows.length === 0) return
  const names = spec.columns.map(() => '??').join(', ')
  const updates = spec.columns.filter((c) => c !== spec.key)
  await trx.raw(
    `insert into ?? (${names}) select ${names} from jsonb_populate_recordset(null::??, ?::jsonb)
     on conflict (??) do update set ${updates.map(() => '?? = excluded.??').join(', ')}`,
    [
      spec.table,
      ...spec.columns,
      ...spec.columns,
      spec.table,
      JSON.stringify(rows),
      spec.key,
      ...updates.flatMap((c) => [c, c]),
    ],
  )
}
