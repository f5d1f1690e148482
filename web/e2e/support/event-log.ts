import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

/**
 * Appends one event to the running platform's log (the embedded PostgreSQL of the run), as the
 * event store does, and wakes its subscribers. For what a browser cannot do: a complaint that
 * arrived weeks ago, whose deadlines have passed.
 */
export async function appendToLog(
  streamId: string,
  type: string,
  data: unknown,
  occurredAt: Date,
): Promise<void> {
  // The platform writes its embedded database's address into its data directory.
  const dataDir = process.env.E2E_DATA_DIR ?? ''
  const url = readFileSync(join(dataDir, 'postgres-url'), 'utf8').trim()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const metadata = {
      eventId: randomUUID(),
      occurredAt: occurredAt.toISOString(),
      actor: { system: 'browser-tests' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      schemaVersion: 1,
    }
    await client.query(
      `with stream as (
         insert into streams (stream_id, revision) values ($1, 0)
         on conflict (stream_id) do update set revision = streams.revision + 1 returning revision
       )
       insert into events (stream_id, revision, event_id, type, data, metadata)
       select $1, stream.revision, $2::uuid, $3, $4::jsonb, $5::jsonb from stream`,
      [streamId, metadata.eventId, type, JSON.stringify(data), JSON.stringify(metadata)],
    )
    await client.query("select pg_notify('event_store_appended', 'browser-tests')")
  } finally {
    await client.end()
  }
}
