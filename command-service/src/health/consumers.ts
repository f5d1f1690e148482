import type { SubscriptionFilter } from '@prizes/event-store'
import { consumerLeaseClass } from '@prizes/platform'
import type { Knex } from 'knex'

/** Why a consumer is failing, as its checkpoint row records it. */
export interface RecordedFailure {
  readonly since: Date | null
  readonly position: string | null
  readonly eventType: string | null
  readonly eventId: string | null
  readonly error: string | null
}

/** A projection's or reactor's checkpoint row: where it is, what it reads, what fails. */
export interface ConsumerRow {
  readonly name: string
  /** `commit/prepare`, or null: from the start. */
  readonly position: string | null
  readonly filter: SubscriptionFilter
  readonly failure: RecordedFailure | null
}

/**
 * Every projection's checkpoint as a consumer row. The read side owns that table: the
 * composition root, which may read it, hands the service this function; without one there is
 * no projection to report.
 */
export type ProjectionRows = () => Promise<readonly ConsumerRow[]>

export const noProjections: ProjectionRows = async () => []

interface ReactorCheckpointRow {
  name: string
  position: string | null
  handles: string[] | null
  stream_prefixes: string[] | null
  failing_since: Date | null
  last_error: string | null
  failed_event_id: string | null
  failed_position: string | null
}

/** Every reactor's row in `reactor_checkpoints` (see `reactors/tables.ts`). */
export async function readReactorRows(knex: Knex): Promise<ConsumerRow[]> {
  const rows = await knex('reactor_checkpoints')
    .select<ReactorCheckpointRow[]>(
      'name',
      'position',
      'handles',
      'stream_prefixes',
      'failing_since',
      'last_error',
      'failed_event_id',
      'failed_position',
    )
    .orderBy('name')
  return rows.map((row) => ({
    name: row.name,
    position: row.position,
    filter: { eventTypes: row.handles ?? [], streamPrefixes: row.stream_prefixes ?? [] },
    failure:
      row.failing_since === null
        ? null
        : {
            since: row.failing_since,
            position: row.failed_position,
            eventType: null,
            eventId: row.failed_event_id,
            error: row.last_error,
          },
  }))
}

/**
 * Who holds each consumer lease now, by lease key (`leaseKey`): the holder's
 * `application_name`. Read from `pg_locks`, so it is the database's word, whichever process asks.
 */
export async function readLeaseHolders(knex: Knex): Promise<Map<number, string>> {
  const { rows } = await knex.raw<{ rows: Array<{ key: string; holder: string }> }>(
    `select l.objid::bigint::text as key, a.application_name as holder
       from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.classid = ?::int::oid
        and l.database = (select oid from pg_database where datname = current_database())`,
    [consumerLeaseClass],
  )
  // The lock shows its key as an unsigned oid; `leaseKey` is a signed 32-bit number.
  return new Map(rows.map((row) => [Number(row.key) | 0, row.holder]))
}
