import { randomUUID } from 'node:crypto'
import {
  ANY,
  BACKWARDS,
  END,
  type EventStoreDBClient,
  FORWARDS,
  StreamNotFoundError,
} from '@eventstore/db-client'
import type { Snapshot, SnapshotStore } from '../snapshots/port'

/** Snapshot streams are named after the stream; readers of `$all` skip them (see mapping.ts). */
export const snapshotStreamPrefix = 'snapshot-'
const partType = 'SnapshotPart'
/**
 * Characters per event: well under EventStoreDB's default 1 MiB append limit, so a snapshot of
 * a large competition is written as several parts, one append each.
 */
const partSize = 512 * 1024
/** Events read backwards to find the last complete snapshot; parts of a newer one may follow it. */
const lookBack = 256

interface Part {
  readonly id: string
  readonly version: string
  readonly revision: string
  readonly part: number
  readonly parts: number
  readonly state: string
}

function isPart(data: unknown): data is Part {
  if (typeof data !== 'object' || data === null) return false
  const d = data as Record<string, unknown>
  return (
    typeof d.id === 'string' &&
    typeof d.version === 'string' &&
    typeof d.revision === 'string' &&
    Number.isInteger(d.part) &&
    Number.isInteger(d.parts) &&
    typeof d.state === 'string'
  )
}

async function read(
  client: EventStoreDBClient,
  stream: string,
  options: Parameters<EventStoreDBClient['readStream']>[1],
): Promise<Array<{ revision: bigint; data: Part }>> {
  const found: Array<{ revision: bigint; data: Part }> = []
  try {
    for await (const resolved of client.readStream(stream, options)) {
      const event = resolved.event
      if (event?.type === partType && isPart(event.data))
        found.push({ revision: event.revision, data: event.data })
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return []
    throw error
  }
  return found
}

/**
 * Snapshots in a stream of their own, `snapshot-<stream>`: each one as parts sharing an id, the
 * last part completing it. A snapshot whose parts were interleaved with another writer's, or cut
 * short by a crash, is passed over. Once one is complete, the stream is truncated before it, so
 * older snapshots are scavenged.
 */
export function createEventStoreDbSnapshotStore(client: EventStoreDBClient): SnapshotStore {
  const store: SnapshotStore = {
    async load(streamId, version) {
      const stream = snapshotStreamPrefix + streamId
      const recent = await read(client, stream, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: lookBack,
      })
      for (const last of recent) {
        const { id, part, parts } = last.data
        if (last.data.version !== version || part !== parts - 1) continue
        const first = last.revision - BigInt(parts - 1)
        if (first < 0n) continue
        const all = await read(client, stream, { direction: FORWARDS, fromRevision: first, maxCount: parts })
        const whole = all.length === parts && all.every((p, i) => p.data.id === id && p.data.part === i)
        if (whole)
          return { revision: BigInt(last.data.revision), state: all.map((p) => p.data.state).join('') }
      }
      return undefined
    },
    async save(streamId, version, snapshot: Snapshot) {
      const current = await store.load(streamId, version)
      if (current && current.revision >= snapshot.revision) return
      const stream = snapshotStreamPrefix + streamId
      const id = randomUUID()
      const parts = Math.max(1, Math.ceil(snapshot.state.length / partSize))
      let firstRevision: bigint | undefined
      for (let part = 0; part < parts; part += 1) {
        const state = snapshot.state.slice(part * partSize, (part + 1) * partSize)
        const data: Part = { id, version, revision: snapshot.revision.toString(), part, parts, state }
        const result = await client.appendToStream(
          stream,
          {
            id: randomUUID(),
            contentType: 'application/json',
            type: partType,
            data: { ...data },
            metadata: {},
          },
          { expectedRevision: ANY },
        )
        if (firstRevision === undefined) firstRevision = result.nextExpectedRevision
      }
      if (firstRevision !== undefined) {
        await client.setStreamMetadata(stream, { truncateBefore: Number(firstRevision) })
      }
    },
  }
  return store
}
