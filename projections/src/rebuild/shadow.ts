import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'

/**
 * A schema of empty copies of some read-model tables, built beside the live ones: a rebuild
 * writes here while readers keep the old rows, and `swapIn` replaces the live tables at once.
 */
export interface Shadow {
  readonly schema: string
  /**
   * Makes the transaction's unqualified table names mean the copies (the live path follows).
   * `bulk`: also commits without waiting for the WAL flush (`synchronous_commit off`), for the
   * transactions that fill the copies: a crash loses at most their last writes, and fails the
   * rebuild anyway. Never for the one that swaps them in.
   */
  use(trx: Knex.Transaction, options?: { bulk?: boolean }): Promise<void>
  /** Inside the caller's transaction: drops the live tables and moves the copies in their place. */
  swapIn(trx: Knex.Transaction): Promise<void>
  /** Drops the schema and whatever is left in it. */
  drop(): Promise<void>
}

interface LiveTable {
  readonly name: string
  /** The schema the name resolves to on these connections (normally public). */
  readonly schema: string
}

/** Where each table lives under the connection's own search_path, which the copies then keep. */
async function locate(knex: Knex, tables: readonly string[]): Promise<LiveTable[]> {
  const found: LiveTable[] = []
  for (const name of tables) {
    const { rows } = await knex.raw<{ rows: Array<{ schema: string | null }> }>(
      `select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.oid = to_regclass(?)`,
      [name],
    )
    const schema = rows[0]?.schema
    if (!schema) throw new Error(`Read-model table ${name} does not exist; run the migrations first`)
    found.push({ name, schema })
  }
  return found
}

/**
 * A copy's serial column would keep drawing from the live table's sequence, which goes when the
 * live table is dropped: refused up front rather than failing at the swap. (Identity columns
 * are fine: `like … including all` gives the copy its own.)
 */
async function refuseSerials(knex: Knex, tables: readonly LiveTable[]): Promise<void> {
  for (const table of tables) {
    const serial = await knex('information_schema.columns')
      .where({ table_schema: table.schema, table_name: table.name })
      .andWhere('column_default', 'like', 'nextval(%')
      .first('column_name')
    if (serial) throw new Error(`Cannot rebuild ${table.name} into a copy: ${serial.column_name} is serial`)
  }
}

/** Index definitions without their names, so a copy's index can be matched to the original's. */
async function indexNames(
  trx: Knex.Transaction,
  schema: string,
  table: string,
): Promise<Map<string, string>> {
  const { rows } = await trx.raw<{ rows: Array<{ indexname: string; indexdef: string }> }>(
    'select indexname, indexdef from pg_indexes where schemaname = ? and tablename = ?',
    [schema, table],
  )
  const byShape = new Map<string, string>()
  for (const row of rows) {
    byShape.set(row.indexdef.replace(` INDEX ${row.indexname} ON ${schema}.`, ' INDEX ON '), row.indexname)
  }
  return byShape
}

/**
 * The copy's indexes get names PostgreSQL chooses; they take the originals' names back, so
 * later migrations that name an index find it.
 */
async function restoreIndexNames(
  trx: Knex.Transaction,
  shadow: string,
  table: LiveTable,
): Promise<Array<[from: string, to: string]>> {
  const original = await indexNames(trx, table.schema, table.name)
  const copy = await indexNames(trx, shadow, table.name)
  const renames: Array<[string, string]> = []
  for (const [shape, name] of copy) {
    const wanted = original.get(shape)
    if (wanted && wanted !== name) renames.push([name, wanted])
  }
  return renames
}

export async function createShadow(knex: Knex, tables: readonly string[]): Promise<Shadow> {
  const live = await locate(knex, tables)
  await refuseSerials(knex, live)
  const schema = `rebuild_${randomBytes(6).toString('hex')}`
  const { rows } = await knex.raw<{ rows: Array<{ path: string }> }>(
    "select current_setting('search_path') as path",
  )
  const searchPath = rows[0]?.path ?? 'public'
  await knex.transaction(async (trx) => {
    await trx.raw('create schema ??', [schema])
    for (const table of live) {
      await trx.raw('create table ??.?? (like ??.?? including all)', [
        schema,
        table.name,
        table.schema,
        table.name,
      ])
    }
  })
  return {
    schema,
    async use(trx, options) {
      // One round trip: no bound parameters (knex quotes the identifier), so both statements go as one.
      const bulk = options?.bulk ? '; set local synchronous_commit to off' : ''
      await trx.raw(`set local search_path to ??, ${searchPath}${bulk}`, [schema])
    },
    async swapIn(trx) {
      for (const table of live) {
        const renames = await restoreIndexNames(trx, schema, table)
        await trx.raw('drop table ??.??', [table.schema, table.name])
        await trx.raw('alter table ??.?? set schema ??', [schema, table.name, table.schema])
        for (const [from, to] of renames) {
          await trx.raw('alter index ??.?? rename to ??', [table.schema, from, to])
        }
      }
      await trx.raw('drop schema ??', [schema])
    },
    async drop() {
      await knex.raw('drop schema if exists ?? cascade', [schema])
    },
  }
}
