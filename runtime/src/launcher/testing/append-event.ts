import { randomUUID } from 'node:crypto'
import { text } from 'node:stream/consumers'
import { createPostgresEventStore } from '@prizes/event-store'

/**
 * Appends one event to a running platform's log through the event store itself, which wakes its
 * subscribers: for the browser tests, what a browser cannot do (a complaint that arrived weeks
 * ago, whose deadlines have passed). The web package imports no server package, so its tests run
 * this as a process: `tsx runtime/src/launcher/testing/append-event.ts <postgres-url>`, given
 * `{ streamId, type, data, occurredAt }` as JSON on standard input.
 */
const url = process.argv[2]
if (url === undefined) {
  console.error('Usage: tsx runtime/src/launcher/testing/append-event.ts <postgres-url> < event.json')
  process.exit(2)
}
const { streamId, type, data, occurredAt } = JSON.parse(await text(process.stdin)) as {
  streamId: string
  type: string
  data: unknown
  occurredAt: string
}
const store = createPostgresEventStore({ connectionString: url })
try {
  const metadata = {
    eventId: randomUUID(),
    occurredAt,
    actor: { system: 'browser-tests' },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    schemaVersion: 1,
  }
  await store.append(streamId, [{ id: metadata.eventId, type, data, metadata }], { expectedRevision: 'any' })
} finally {
  await store.close()
}
