import { type Position, positionFromString, positionToString } from '@prizes/event-store'
import type { Knex } from 'knex'

const checkpoints = 'reactor_checkpoints'

/**
 * Reactor tables on the command side: each reactor's checkpoint, and the emails claimed or sent
 * (one row per event, so an email goes out at most once; see `mail/mail-reactor.ts`).
 * `sent_at` stays null when the send failed or the process died between claim and send.
 */
export async function migrateReactorTables(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists reactor_checkpoints (
      name text primary key,
      position text not null,
      updated_at timestamptz not null default now()
    );
    create table if not exists sent_emails (
      event_id text primary key,
      template text not null,
      claimed_at timestamptz not null default now(),
      sent_at timestamptz,
      error text
    );
  `)
}

/** The last position a reactor handled, or 'start' when it has none. */
export async function readReactorCheckpoint(knex: Knex, name: string): Promise<Position | 'start'> {
  const row = await knex(checkpoints).where({ name }).first<{ position: string } | undefined>('position')
  return row ? positionFromString(row.position) : 'start'
}

export async function writeReactorCheckpoint(knex: Knex, name: string, position: Position): Promise<void> {
  await knex(checkpoints)
    .insert({ name, position: positionToString(position), updated_at: knex.fn.now() })
    .onConflict('name')
    .merge(['position', 'updated_at'])
}
