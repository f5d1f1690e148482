import {
  type Position,
  positionFromString,
  positionToString,
  type RecordedEvent,
  type SubscriptionFilter,
} from '@prizes/event-store'
import type { Knex } from 'knex'

const checkpoints = 'reactor_checkpoints'
/** An error's message is kept for the admin's health view, not as a log: the start is enough. */
const maxErrorLength = 2000

/**
 * Reactor tables on the command side: each reactor's checkpoint, and the events a reactor
 * parked (see `parked.ts`). (The emails they decide to
 * send wait in `mail_outbox`, a command-side migration: see `mail/outbox.ts`.)
 *
 * A checkpoint row also says, for `/api/health`, what the reactor handles (its filter, to
 * measure its lag) and, while an event keeps failing, since when, on which event and why. A
 * row is written at start with a null position, meaning "from the start".
 */
export async function migrateReactorTables(knex: Knex): Promise<void> {
  // The command services and every consumers process run this at start, perhaps at once:
  // `if not exists` alone does not stop two creating the table together.
  await knex.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('reactor_checkpoints migration'))`)
    await trx.raw(`
    create table if not exists reactor_checkpoints (
      name text primary key,
      position text not null,
      updated_at timestamptz not null default now()
    );
    alter table reactor_checkpoints
      alter column position drop not null,
      add column if not exists handles text[],
      add column if not exists stream_prefixes text[],
      add column if not exists failing_since timestamptz,
      add column if not exists last_error text,
      add column if not exists failed_event_id text,
      add column if not exists failed_position text;
    create table if not exists parked_events (
      id bigint generated always as identity primary key,
      consumer text not null,
      event_id text not null,
      position text not null,
      stream_id text not null,
      stream_revision bigint not null,
      event_type text not null,
      reason text not null,
      attempts integer not null,
      parked_at timestamptz not null default now(),
      retrying_until timestamptz,
      last_retried_at timestamptz,
      resolved_at timestamptz,
      resolved_by text,
      resolution text check (resolution in ('retried', 'resolved')),
      resolution_reason text,
      unique (consumer, event_id)
    );
    create index if not exists parked_events_newest on parked_events (parked_at desc, id desc);
    create index if not exists parked_events_open_newest on parked_events (parked_at desc, id desc)
      where resolved_at is null;
    create index if not exists parked_events_resolved_newest on parked_events (parked_at desc, id desc)
      where resolved_at is not null;
    create index if not exists parked_events_open_consumer on parked_events (consumer) where resolved_at is null;
  `)
  })
}

/** Makes the reactor known (with its filter) before it handles anything; keeps its position. */
export async function registerReactor(knex: Knex, name: string, filter: SubscriptionFilter): Promise<void> {
  const described = {
    handles: [...(filter.eventTypes ?? [])],
    stream_prefixes: [...(filter.streamPrefixes ?? [])],
  }
  await knex(checkpoints)
    .insert({ name, position: null, ...described })
    .onConflict('name')
    .merge(['handles', 'stream_prefixes'])
}

/** The start of an error's message, as kept for the admin. */
export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength)

/** Notes that `event` failed; `failing_since` keeps the first failure's time until one succeeds. */
export async function recordReactorFailure(
  knex: Knex,
  name: string,
  event: RecordedEvent,
  error: unknown,
): Promise<void> {
  await knex(checkpoints)
    .where({ name })
    .update({
      failing_since: knex.raw('coalesce(failing_since, now())'),
      last_error: errorText(error),
      failed_event_id: event.id,
      failed_position: positionToString(event.position),
    })
}

/** The last position a reactor handled, or 'start' when it has none. */
export async function readReactorCheckpoint(knex: Knex, name: string): Promise<Position | 'start'> {
  const row = await knex(checkpoints)
    .where({ name })
    .first<{ position: string | null } | undefined>('position')
  return row?.position ? positionFromString(row.position) : 'start'
}

/** A stored position as something PostgreSQL orders: `commit/prepare` as an array of two numbers. */
const ordered = (column: string) => `string_to_array(${column}, '/')::numeric[]`

/**
 * Moves the checkpoint past an event that was dealt with, which also ends a failing spell on an
 * event up to it (not one on a later event, recorded meanwhile: that one still fails). The
 * checkpoint only moves forward: an instance that lost its lease and saves its last position
 * late cannot take back what the new holder has saved since.
 */
export async function writeReactorCheckpoint(knex: Knex, name: string, position: Position): Promise<void> {
  const cleared = `c.failed_position is null or ${ordered('c.failed_position')} <= ${ordered('excluded.position')}`
  const clear = (column: string) => `${column} = case when ${cleared} then null else c.${column} end`
  await knex.raw(
    `insert into ${checkpoints} as c (name, position, updated_at) values (?, ?, now())
     on conflict (name) do update
        set position = excluded.position, updated_at = excluded.updated_at,
            ${['failing_since', 'last_error', 'failed_event_id', 'failed_position'].map(clear).join(', ')}
      where c.position is null or ${ordered('c.position')} < ${ordered('excluded.position')}`,
    [name, positionToString(position)],
  )
}
