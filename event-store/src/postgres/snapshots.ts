import type { Snapshot, SnapshotStore } from '../snapshots/port'
import type { Queryable } from './append'

/**
 * One row per stream: its latest snapshot. `state` is text rather than jsonb: it is written and
 * read whole, never queried, and parsing megabytes into jsonb and back costs more than storing
 * them. Stored uncompressed (`external`) for the same reason: a cold load is on the path of
 * the first buyer of a busy competition.
 */
export const snapshotsSchemaSql = `
create table if not exists snapshots (
  stream_id text primary key,
  version text not null,
  revision bigint not null,
  state text not null,
  taken_at timestamptz not null default now()
);
alter table snapshots alter column state set storage external;
`

export function createPostgresSnapshotStore(db: Queryable): SnapshotStore {
  return {
    async load(streamId, version) {
      const { rows } = await db.query<{ revision: string; state: string }>(
        'select revision::text as revision, state from snapshots where stream_id = $1 and version = $2',
        [streamId, version],
      )
      const row = rows[0]
      return row ? { revision: BigInt(row.revision), state: row.state } : undefined
    },
    async save(streamId, version, snapshot: Snapshot) {
      // A different version replaces the row: the running decider is the one that matters.
      await db.query(
        `insert into snapshots (stream_id, version, revision, state) values ($1, $2, $3, $4)
         on conflict (stream_id) do update
           set version = excluded.version, revision = excluded.revision, state = excluded.state,
               taken_at = now()
           where snapshots.version <> excluded.version or snapshots.revision < excluded.revision`,
        [streamId, version, snapshot.revision.toString(), snapshot.state],
      )
    },
  }
}
