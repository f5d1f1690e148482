import type { Knex } from 'knex'

/** The longest one VACUUM may run before the server cancels it. */
export const vacuumTimeoutMs = 10 * 60 * 1000
/** Held while optimising, so two instances never vacuum at once. */
const optimiseLockKey = 7_336_221_911

interface PgConnection {
  query(config: { text: string; query_timeout?: number }): Promise<{ rows: Record<string, unknown>[] }>
}

/**
 * VACUUM (ANALYZE) of the read-model tables given (the read side owns the list), one after another on one connection of its own:
 * VACUUM cannot run in a transaction, and it gets a longer statement timeout than a request's
 * (still bounded). 'busy' when another instance holds the optimise lock.
 */
export async function optimiseReadModels(
  knex: Knex,
  tables: readonly string[],
): Promise<{ tables: string[]; milliseconds: number } | 'busy'> {
  const connection = (await knex.client.acquireConnection()) as PgConnection
  try {
    const locked = await connection.query({
      text: `select pg_try_advisory_lock(${optimiseLockKey}) as locked`,
    })
    if (locked.rows[0]?.locked !== true) return 'busy'
    try {
      await connection.query({ text: `set statement_timeout = ${vacuumTimeoutMs}` })
      const started = performance.now()
      for (const table of tables) {
        await connection.query({
          text: `vacuum (analyze) "${table.replaceAll('"', '""')}"`,
          query_timeout: vacuumTimeoutMs + 5000,
        })
      }
      return { tables: [...tables], milliseconds: Math.round(performance.now() - started) }
    } finally {
      await connection.query({ text: 'reset statement_timeout' })
      await connection.query({ text: `select pg_advisory_unlock(${optimiseLockKey})` })
    }
  } finally {
    await knex.client.releaseConnection(connection)
  }
}
