import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { type AppendResult, type ExpectedRevision, type NewEvent, WrongExpectedVersion } from '../port'
import { wrongExpectedVersionSqlState } from './schema'

/** Anything that runs a query: the pool, or a client holding a caller's transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.ClientBase, 'query'>

interface AppendRow {
  next_revision: string
  transaction_id: string
  global_position: string
}

/** Appends through `append_events` in one round trip; see `schema.ts` for the locking. */
export async function appendEvents(
  db: Queryable,
  streamId: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error(`append to ${streamId} needs at least one event`)
  const payload = events.map((event) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
  }))
  let rows: AppendRow[]
  try {
    const result = await db.query<AppendRow>(
      `select next_revision::text as next_revision,
              transaction_id::text as transaction_id,
              global_position::text as global_position
       from append_events($1, $2, $3::jsonb)`,
      [streamId, encodeExpectedRevision(expectedRevision), JSON.stringify(payload)],
    )
    rows = result.rows
  } catch (error) {
    throw toWrongExpectedVersion(error, streamId, expectedRevision) ?? error
  }
  const row = rows[0]
  if (!row) throw new Error(`append_events returned no row for ${streamId}`)
  return {
    nextExpectedRevision: BigInt(row.next_revision),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
  }
}

export function encodeExpectedRevision(expected: ExpectedRevision): string {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`expected revision must not be negative: ${expected}`)
    return expected.toString()
  }
  return expected
}

function toWrongExpectedVersion(
  error: unknown,
  streamId: string,
  expected: ExpectedRevision,
): WrongExpectedVersion | undefined {
  if (!(error instanceof Error) || !('code' in error) || error.code !== wrongExpectedVersionSqlState) {
    return undefined
  }
  const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : ''
  const actual = /^\d+$/.test(detail) ? BigInt(detail) : 'noStream'
  return new WrongExpectedVersion(streamId, expected, actual)
}
