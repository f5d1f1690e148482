/**
 * The LISTEN/NOTIFY channel appends wake; subscriptions re-read when it fires. The wake-up is
 * sent after the append commits, not inside it: PostgreSQL serialises the commits of all
 * notifying transactions on one lock held through the WAL flush, which measured at a third of
 * the append rate (see `announce.ts`).
 */
export const appendedChannel = 'event_store_appended'

/** SQLSTATE raised by `append_events` when the expected revision does not hold. */
export const wrongExpectedVersionSqlState = 'ESWEV'

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

-- One round trip per append. The streams row is created (or found) and then locked, so two
-- appends to one stream serialise: the second re-reads the row after the first commits and
-- sees the revision the first wrote. Revision -1 only exists inside a transaction that is
-- about to write the stream's first events; appends without events are refused by the adapter.
create or replace function append_events(p_stream_id text, p_expected text, p_events jsonb)
returns table (next_revision bigint, transaction_id xid8, global_position bigint)
language plpgsql
as $fn$
#variable_conflict use_column
declare
  v_conflict boolean;
  v_current bigint;
  v_last_position bigint;
  v_count bigint := jsonb_array_length(p_events);
begin
  insert into streams (stream_id, revision) values (p_stream_id, -1)
    on conflict (stream_id) do nothing;
  select s.revision into strict v_current from streams s where s.stream_id = p_stream_id for update;

  -- Separate branches, so the numeric cast only ever runs on a number.
  if p_expected = 'noStream' then
    v_conflict := v_current <> -1;
  elsif p_expected = 'streamExists' then
    v_conflict := v_current = -1;
  elsif p_expected = 'any' then
    v_conflict := false;
  else
    v_conflict := v_current <> p_expected::bigint;
  end if;

  if v_conflict then
    raise exception using
      errcode = '${wrongExpectedVersionSqlState}',
      message = format('wrong expected version on %s: expected %s', p_stream_id, p_expected),
      detail = case when v_current = -1 then 'noStream' else v_current::text end;
  end if;

  with inserted as (
    insert into events (stream_id, revision, event_id, type, data, metadata)
    select p_stream_id,
           v_current + e.ordinality,
           (e.value ->> 'id')::uuid,
           e.value ->> 'type',
           coalesce(e.value -> 'data', 'null'::jsonb),
           coalesce(e.value -> 'metadata', '{}'::jsonb)
    from jsonb_array_elements(p_events) with ordinality as e(value, ordinality)
    order by e.ordinality
    returning events.global_position
  )
  select max(inserted.global_position) into v_last_position from inserted;

  update streams set revision = v_current + v_count where streams.stream_id = p_stream_id;

  return query select v_current + v_count, pg_current_xact_id(), v_last_position;
end
$fn$;
`
