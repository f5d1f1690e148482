import type pg from 'pg'
import type { EventStoreTransaction } from '../port'
import { appendEvents } from './append'

/**
 * Runs `work` in a transaction on one pooled connection: the caller's statements and appends
 * commit together or not at all. `announce` runs after a COMMIT that carried events, never
 * before: a subscriber woken earlier would read nothing, the events still being invisible.
 * The transaction cannot be used once `work` has settled.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  announce: () => void,
  work: (tx: EventStoreTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect()
  let open = true
  let appended = false
  const usable = () => {
    if (!open) throw new Error('the event store transaction is over')
    return client
  }
  const tx: EventStoreTransaction = {
    async append(streamId, events, { expectedRevision }) {
      const result = await appendEvents(usable(), streamId, events, expectedRevision)
      appended = true
      return result
    },
    async query<Row>(text: string, values: readonly unknown[] = []) {
      const result = await usable().query(text, [...values])
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
    },
  }
  let broken: Error | undefined
  try {
    await client.query('begin')
    const result = await work(tx)
    open = false
    await client.query('commit')
    if (appended) announce()
    return result
  } catch (error) {
    open = false
    // A connection that cannot even roll back is not given back to the pool.
    await client.query('rollback').catch((rollback: Error) => {
      broken = rollback
    })
    throw error
  } finally {
    client.release(broken)
  }
}
