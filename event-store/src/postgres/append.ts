import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { type AppendResult, type ExpectedRevision, type NewEvent, WrongExpectedVersion } from '../port'

/** Anything that runs a query: the pool, or a client holding a caller's transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.ClientBase, 'query'>

type Mode = 'noStream' | 'streamExists' | 'any' | 'revision'

/**
 * The first step of an append, one per kind of expected revision: it claims the stream's next
 * `$2` revisions and returns the stream's new revision, or returns nothing when the expectation
 * does not hold. Each is a single row operation that also locks the row until commit, so two
 * appends to one stream serialise: the second waits, then re-checks its condition against the
 * revision the first committed (READ COMMITTED re-evaluates the WHERE of a waiting UPDATE).
 */
const claimSql: Record<Mode, string> = {
  // A concurrent creator of the same stream makes this wait, then do nothing.
  noStream: `insert into streams (stream_id, revision) values ($1, $2::bigint - 1)
             on conflict (stream_id) do nothing returning revision`,
  streamExists: `update streams set revision = revision + $2::bigint where stream_id = $1 returning revision`,
  any: `insert into streams (stream_id, revision) values ($1, $2::bigint - 1)
        on conflict (stream_id) do update set revision = streams.revision + $2::bigint returning revision`,
  revision: `update streams set revision = revision + $2::bigint where stream_id = $1 and revision = $7::bigint
             returning revision`,
}

/**
 * One statement, so one round trip and all or nothing: claim the revisions, insert the events
 * (none when the claim returned nothing), and report the new revision and the position of the
 * last event. Events travel as parallel arrays, unnested in order; identity values are taken in
 * that order, so positions follow revisions within the batch.
 */
function appendSql(mode: Mode): string {
  return `with stream as (${claimSql[mode]}),
  inserted as (
    insert into events (stream_id, revision, event_id, type, data, metadata)
    select $1, stream.revision - $2::bigint + e.ordinality, e.id, e.type, e.data, e.metadata
    from stream,
         unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality as e(id, type, data, metadata, ordinality)
    order by e.ordinality
    returning events.global_position
  )
  select (select revision from stream)::text as next_revision,
         pg_current_xact_id_if_assigned()::text as transaction_id,
         (select max(global_position) from inserted)::text as global_position`
}

/** Named, so each connection parses and plans each of them once. */
const appendQueries: Record<Mode, { name: string; text: string }> = {
  noStream: { name: 'event_store_append_no_stream', text: appendSql('noStream') },
  streamExists: { name: 'event_store_append_stream_exists', text: appendSql('streamExists') },
  any: { name: 'event_store_append_any', text: appendSql('any') },
  revision: { name: 'event_store_append_revision', text: appendSql('revision') },
}

/** Claims of one append; only a stream created between a claim and its re-read retries. */
const maxClaims = 3

interface AppendRow {
  next_revision: string | null
  transaction_id: string | null
  global_position: string | null
}

/**
 * Appends in one round trip; a refused append costs a second one, to read the revision the
 * stream actually has. Not announced: see `announce.ts`.
 */
export async function appendEvents(
  db: Queryable,
  streamId: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error(`append to ${streamId} needs at least one event`)
  const mode: Mode = typeof expectedRevision === 'bigint' ? 'revision' : expectedRevision
  const params: unknown[] = [
    streamId,
    events.length,
    events.map((event) => event.id ?? randomUUID()),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data ?? null)),
    events.map((event) => JSON.stringify(event.metadata ?? {})),
  ]
  if (mode === 'revision') params.push(encodeExpectedRevision(expectedRevision))
  for (let attempt = 1; ; attempt++) {
    const { rows } = await db.query<AppendRow>({ ...appendQueries[mode], values: params })
    const row = rows[0]
    if (row?.next_revision && row.transaction_id && row.global_position) {
      return {
        nextExpectedRevision: BigInt(row.next_revision),
        position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
      }
    }
    const actual = mode === 'streamExists' ? 'noStream' : await currentRevision(db, streamId)
    // The stream moved between the claim and this read in a way that now satisfies the
    // expectation (an exact revision, on a stream created meanwhile): the claim is simply retried.
    if (attempt === maxClaims || !satisfies(expectedRevision, actual)) {
      throw new WrongExpectedVersion(streamId, expectedRevision, actual)
    }
  }
}

async function currentRevision(db: Queryable, streamId: string): Promise<bigint | 'noStream'> {
  const { rows } = await db.query<{ revision: string }>({
    name: 'event_store_stream_revision',
    text: 'select revision::text as revision from streams where stream_id = $1',
    values: [streamId],
  })
  const revision = rows[0]?.revision
  return revision === undefined ? 'noStream' : BigInt(revision)
}

function satisfies(expected: ExpectedRevision, actual: bigint | 'noStream'): boolean {
  if (expected === 'any') return true
  if (expected === 'noStream') return actual === 'noStream'
  if (expected === 'streamExists') return actual !== 'noStream'
  return actual === expected
}

export function encodeExpectedRevision(expected: ExpectedRevision): string {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`expected revision must not be negative: ${expected}`)
    return expected.toString()
  }
  return expected
}
