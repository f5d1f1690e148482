/**
 * The LISTEN/NOTIFY channel appends wake; the live tail (and subscriptions behind it) re-read
 * when it fires. The wake-up is sent after the append commits, not inside it: PostgreSQL
 * serialises the commits of all notifying transactions on one lock held through the WAL flush,
 * which measured at a third of the append rate (see `announce.ts`).
 */
export const appendedChannel = 'event_store_appended'

/** Serialises concurrent `migrate()` calls from several processes starting at once. */
const migrationLockKey = 7_336_221_904

/**
 * The whole schema, idempotent. `transaction_id` is what lets `$all` readers avoid skipping a
 * slow writer's events: see `read-all.ts`.
 */
export const schemaSql = `
select pg_advisory_xact_lock(${migrationLockKey});

create table if not exists streams (
  stream_id text primary key,
  revision bigint not null
);

create table if not exists events (
  global_position bigint generated always as identity primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  revision bigint not null,
  event_id uuid not null unique,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, revision)
);

create index if not exists events_transaction_id_global_position_idx
  on events (transaction_id, global_position);

-- Readers filtered to a few event types (a projection of draws or users, a reactor) find their
-- next events here instead of walking every event since their last one, which a busy log makes
-- longer with every append.
create index if not exists events_type_transaction_id_global_position_idx
  on events (type, transaction_id, global_position);

-- Appends are a single statement (see append.ts); this function did them before.
drop function if exists append_events(text, text, jsonb);
`
