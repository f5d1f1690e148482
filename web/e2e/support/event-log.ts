import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPostgresEventStore } from '@prizes/event-store'

/**
 * Appends one event to the running platform's log (the embedded PostgreSQL of the run) through
 * the event store itself, which wakes its subscribers. For what a browser cannot do: a complaint
 * that arrived weeks ago, whose deadlines have passed.
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
  const store = createPostgresEventStore({ connectionString: url })
  try {
    const metadata = {
      eventId: randomUUID(),
      occurredAt: occurredAt.toISOString(),
      actor: { system: 'browser-tests' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      schemaVersion: 1,
    }
    await store.append(streamId, [{ id: metadata.eventId, type, data, metadata }], {
      expectedRevision: 'any',
    })
  } finally {
    await store.close()
  }
}
