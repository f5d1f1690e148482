import type { Knex } from 'knex'

/**
 * What `/api/health` reads about each projection: the event types it handles (to measure its
 * lag), and the event it stopped on, if any (a projection that cannot store an event stops
 * alone rather than retry). A row is written at start with a null position, meaning "from the
 * start". Written with `if not exists` so it is the same migration on every branch that needs it.
 */
export const projectionStatus: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table projection_checkpoints
        alter column position drop not null,
        add column if not exists handles text[],
        add column if not exists failed_position text,
        add column if not exists failed_event_id text,
        add column if not exists failed_type text,
        add column if not exists failed_error text,
        add column if not exists failed_at timestamptz
    `)
  },
  async down(knex) {
    await knex.raw(`
      alter table projection_checkpoints
        drop column if exists failed_at,
        drop column if exists failed_error,
        drop column if exists failed_type,
        drop column if exists failed_event_id,
        drop column if exists failed_position,
        drop column if exists handles
    `)
  },
}
