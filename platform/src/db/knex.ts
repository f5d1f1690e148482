import { type DatabaseTimeouts, defaultDatabaseTimeouts, pgTimeoutSettings } from '@prizes/event-store'
import knexFactory, { type Knex } from 'knex'
import pg from 'pg'

/**
 * Read models keep money as bigint pence; pg returns int8 as a string unless told otherwise.
 * The values stay far below 2^53, so these connections read them as numbers. The parser is
 * set per connection, not globally, so the event store's own pg clients are not affected.
 */
const readModelTypes: Knex.PgCustomTypesConfig = {
  getTypeParser(oid: number, format: string) {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary')
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, 'text')
  },
}

export interface KnexOptions {
  readonly poolMax?: number
  /** Bounds on every call (see `DatabaseTimeouts`); the defaults unless given. */
  readonly timeouts?: Partial<DatabaseTimeouts>
}

/**
 * A knex instance on PostgreSQL with a small pool, for read models and command-side tables.
 * Every call is bounded: waiting for a connection, opening one, and each statement.
 */
export function createKnex(connectionString: string, options: KnexOptions = {}): Knex {
  const timeouts = { ...defaultDatabaseTimeouts, ...options.timeouts }
  return knexFactory({
    client: 'pg',
    connection: { connectionString, types: readModelTypes, ...pgTimeoutSettings(timeouts) },
    pool: { min: 0, max: options.poolMax ?? 20 },
    acquireConnectionTimeout: timeouts.acquireMs,
  })
}
