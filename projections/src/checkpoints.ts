import { type Position, positionFromString, positionToString } from '@prizes/event-store'
import { type ProjectionCheckpointRow, projectionCheckpointsTable } from '@prizes/read-models'
import type { Knex } from 'knex'

const table = projectionCheckpointsTable

/** The event a projection could not store, and why: it stopped there (see the runner). */
export interface ProjectionFailure {
  readonly position: string
  readonly eventId: string
  readonly type: string
  readonly error: string
  readonly at: Date
}

/** A projection's row: where it has got to (null: nothing yet) and the failure it is stuck on. */
export interface CheckpointRow {
  readonly position: Position | 'start'
  readonly failed: ProjectionFailure | null
}

type StoredRow = Pick<
  ProjectionCheckpointRow,
  'position' | 'failed_position' | 'failed_event_id' | 'failed_type' | 'failed_error' | 'failed_at'
>

const failureColumns = {
  failed_position: null,
  failed_event_id: null,
  failed_type: null,
  failed_error: null,
  failed_at: null,
}

/** The last position a projection handled, or 'start' when it has none (new, reset or never run). */
export async function readCheckpoint(knex: Knex, name: string): Promise<Position | 'start'> {
  return (await readCheckpointRow(knex, name)).position
}

export async function readCheckpointRow(knex: Knex, name: string): Promise<CheckpointRow> {
  const row = await knex(table).where({ name }).first<StoredRow | undefined>()
  return {
    position: row?.position ? positionFromString(row.position) : 'start',
    failed: row?.failed_position ? failureOf(row) : null,
  }
}

function failureOf(row: StoredRow): ProjectionFailure {
  return {
    position: row.failed_position ?? '',
    eventId: row.failed_event_id ?? '',
    type: row.failed_type ?? '',
    error: row.failed_error ?? '',
    at: row.failed_at ?? new Date(0),
  }
}

/**
 * Gives a starting projection its row, with the event types it handles, so a health check in
 * another process can measure its lag with one filtered read. Position and failure stay.
 */
export async function registerProjection(
  knex: Knex,
  name: string,
  handles: readonly string[],
): Promise<void> {
  await knex(table)
    .insert({ name, position: null, handles: [...handles], updated_at: knex.fn.now() })
    .onConflict('name')
    .merge(['handles'])
}

/** Records progress; a projection that got this far is not stuck, so any failure is cleared. */
export async function writeCheckpoint(
  trx: Knex.Transaction,
  name: string,
  position: Position,
): Promise<void> {
  await writeCheckpoints(trx, [name], position)
}

/** One statement for every projection that reached `position` ('start': nothing yet). */
export async function writeCheckpoints(
  trx: Knex.Transaction,
  names: readonly string[],
  position: Position | 'start',
): Promise<void> {
  if (names.length === 0) return
  const rows = names.map((name) => ({
    name,
    position: position === 'start' ? null : positionToString(position),
    updated_at: trx.fn.now(),
    ...failureColumns,
  }))
  await trx(table)
    .insert(rows)
    .onConflict('name')
    .merge(['position', 'updated_at', ...Object.keys(failureColumns)])
}

/**
 * Marks a projection stuck on an event, keeping the position of the last event it did apply
 * (null when it had none), so a restart begins at the failed event.
 */
export async function writeFailure(
  trx: Knex.Transaction,
  name: string,
  position: Position | 'start',
  failure: Omit<ProjectionFailure, 'at'>,
): Promise<void> {
  await trx(table)
    .insert({
      name,
      position: position === 'start' ? null : positionToString(position),
      updated_at: trx.fn.now(),
      failed_position: failure.position,
      failed_event_id: failure.eventId,
      failed_type: failure.type,
      failed_error: failure.error,
      failed_at: trx.fn.now(),
    })
    .onConflict('name')
    .merge()
}

/**
 * Serialises writers of a projection across processes (`projection:<name>`): the live runner
 * takes them for each batch, a rebuild while it swaps its tables in, so the two never
 * interleave. One round trip, taken in the order given (callers keep the list order).
 */
export async function lockProjections(trx: Knex.Transaction, names: readonly string[]): Promise<void> {
  if (names.length === 0) return
  const keys = names.map((name) => `projection:${name}`)
  await trx.raw('select pg_advisory_xact_lock(hashtext(key)) from unnest(?::text[]) as key', [keys])
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/** What a batch's first statement found, and did. */
export interface LockedPositions {
  /** The stored positions, read once the locks were held. */
  readonly rows: ReadonlyArray<{ name: string; position: string | null }>
  /** The projections whose checkpoint `advance` moved. */
  readonly advanced: ReadonlySet<string>
}

/**
 * `lockProjections`, then the projections' stored positions, in one round trip: statements sent
 * together, each with its own snapshot, so the read, taken once the locks are held, sees what a
 * rebuild that held them committed. With `advance`, a third statement writes the checkpoint `to`
 * (failures cleared, as `writeCheckpoints`) for each projection still at the position given
 * (`from`, null for none): the batch's checkpoints written before the batch, to be rolled back
 * with it if it fails. A projection another writer moved meanwhile is left alone. (No bound
 * parameters: PostgreSQL takes several statements in one message only without them, so values
 * are quoted here.)
 */
export async function lockAndReadPositions(
  trx: Knex.Transaction,
  names: readonly string[],
  advance?: { readonly from: ReadonlyArray<[name: string, position: string | null]>; readonly to: string },
): Promise<LockedPositions> {
  if (names.length === 0) return { rows: [], advanced: new Set() }
  const keys = names.map((name) => literal(`projection:${name}`)).join(', ')
  const statements = [
    `select pg_advisory_xact_lock(hashtext(key)) from unnest(array[${keys}]::text[]) as key`,
    `select name, position from ${table} where name = any(array[${names.map(literal).join(', ')}]::text[])`,
  ]
  if (advance && advance.from.length > 0) {
    const from = advance.from
      .map(
        ([name, position]) => `(${literal(name)}, ${position === null ? 'null' : literal(position)}::text)`,
      )
      .join(', ')
    const cleared = Object.keys(failureColumns)
      .map((column) => `${column} = null`)
      .join(', ')
    statements.push(
      `update ${table} c set position = ${literal(advance.to)}, updated_at = now(), ${cleared}
       from (values ${from}) as b(name, position)
       where c.name = b.name and c.position is not distinct from b.position
       returning c.name`,
    )
  }
  type Result = { rows: Array<{ name: string; position: string | null }> }
  const results = await trx.raw<Result[]>(statements.join(';\n'))
  return {
    rows: results[1]?.rows ?? [],
    advanced: new Set((results[2]?.rows ?? []).map((row) => row.name)),
  }
}
