import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'

/**
 * A row as PostgreSQL returns it through `createKnex` (bigints as numbers, jsonb parsed). The fold
 * owns the rows it holds: steps change them in place.
 */
export type StoredRow = Record<string, unknown>

/**
 * What one event does to the row it names (`key`), exactly as a statement of its own would.
 * `apply` is given the row as folded so far (undefined: there is none), which it may change in
 * place, and returns the row after the event, or undefined when the event changes nothing: the
 * row does not exist and the event does not create it, or the row already reflects this event
 * or a later one (a replay, held back by the revision guard).
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
  /**
   * Optional: told, in the page's transaction after its rows are written, each row the page
   * changed as it was before the page (undefined: new) and after it, so counters kept beside the
   * table move with exactly what changed (a replayed event changes no row, so moves nothing).
   */
  changed?(trx: Knex.Transaction, changes: readonly RowChange[]): Promise<void>
}

/** A row a page changed: a copy of it before the page (undefined: it did not exist), and after. */
export interface RowChange {
  readonly before: Readonly<StoredRow> | undefined
  readonly after: Readonly<StoredRow>
}

/** Copies of the rows as they are before the page's steps change them in place (when asked for). */
const snapshot = (spec: FoldedTable, rows: ReadonlyMap<string, StoredRow>) =>
  spec.changed ? new Map([...rows].map(([key, row]) => [key, { ...row }])) : undefined

async function reportChanges(
  trx: Knex.Transaction,
  spec: FoldedTable,
  before: ReadonlyMap<string, StoredRow> | undefined,
  rows: ReadonlyMap<string, StoredRow>,
  changed: ReadonlySet<string>,
): Promise<void> {
  if (!spec.changed || !before || changed.size === 0) return
  await spec.changed(
    trx,
    [...changed].map((key) => ({ before: before.get(key), after: rows.get(key) as StoredRow })),
  )
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
  const before = snapshot(spec, rows)
  const changed = new Set<string>()
  for (const step of steps) {
    const after = step.apply(rows.get(step.key))
    if (after) {
      rows.set(step.key, after)
      changed.add(step.key)
    }
  }
  await upsert(
    trx,
    spec,
    [...changed].map((key) => rows.get(key) as StoredRow),
  )
  await reportChanges(trx, spec, before, rows, changed)
}

/** How many rows a rebuild keeps in memory, and how many keys it remembers having written. */
export interface FreshRowsLimits {
  readonly cachedRows: number
  readonly writtenKeys: number
}

const defaultFreshLimits: FreshRowsLimits = { cachedRows: 10_000, writtenKeys: 2_000_000 }

/**
 * `foldIntoRows` for a rebuild, which replays the log once, in order, into a fresh copy of the
 * table that nobody else writes: the rows it folded stay in memory across pages, so a page
 * reads nothing back. It knows which keys it has written, so a row it does not hold and never
 * wrote does not exist: new rows are plain inserts, and only rows that fell out of the cache
 * are read back. Past `writtenKeys` it stops remembering and reads back every row it does not
 * hold, as `foldIntoRows` does. Pages must come one at a time, each committed before the next.
 */
export function foldIntoFreshRows(
  spec: FoldedTable,
  limits: FreshRowsLimits = defaultFreshLimits,
): (trx: Knex.Transaction, events: readonly RecordedEvent[]) => Promise<void> {
  const cached = new Map<string, StoredRow>()
  const written = new Set<string>()
  let forgetful = false
  /** Whether the table may hold a row for `key` that is not cached. */
  const mayBeStored = (key: string) => forgetful || written.has(key)
  return async (trx, events) => {
    const steps = events.flatMap((event) => spec.step(event) ?? [])
    if (steps.length === 0) return
    const keys = [...new Set(steps.map((step) => step.key))]
    const rows = new Map<string, StoredRow>()
    const missing: string[] = []
    for (const key of keys) {
      const row = cached.get(key)
      if (row) rows.set(key, row)
      else if (mayBeStored(key)) missing.push(key)
    }
    if (missing.length > 0) {
      const found = await trx(spec.table)
        .whereRaw('?? = any(?::text[])', [spec.key, missing])
        .select<StoredRow[]>(spec.columns)
      for (const row of found) rows.set(String(row[spec.key]), row)
    }
    const stored = new Set(rows.keys())
    const before = snapshot(spec, rows)
    const changed = new Set<string>()
    for (const step of steps) {
      const after = step.apply(rows.get(step.key))
      if (after) {
        rows.set(step.key, after)
        changed.add(step.key)
      }
    }
    const inserts: StoredRow[] = []
    const updates: StoredRow[] = []
    for (const key of changed) {
      const row = rows.get(key) as StoredRow
      if (stored.has(key) || mayBeStored(key)) updates.push(row)
      else inserts.push(row)
    }
    await insert(trx, spec, inserts)
    await upsert(trx, spec, updates)
    await reportChanges(trx, spec, before, rows, changed)
    // Most recently used last; the oldest go first once the cache is full.
    for (const [key, row] of rows) {
      cached.delete(key)
      cached.set(key, row)
    }
    for (const key of cached.keys()) {
      if (cached.size <= limits.cachedRows) break
      cached.delete(key)
    }
    if (!forgetful) {
      for (const row of inserts) written.add(String(row[spec.key]))
      if (written.size > limits.writtenKeys) {
        forgetful = true
        written.clear()
      }
    }
  }
}

/** Rows known to be new: a plain multi-row insert (a duplicate key fails, it is never skipped). */
async function insert(trx: Knex.Transaction, spec: FoldedTable, rows: readonly StoredRow[]): Promise<void> {
  if (rows.length === 0) return
  const names = spec.columns.map(() => '??').join(', ')
  await trx.raw(
    `insert into ?? (${names}) select ${names} from jsonb_populate_recordset(null::??, ?::jsonb)`,
    [spec.table, ...spec.columns, ...spec.columns, spec.table, JSON.stringify(rows)],
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
