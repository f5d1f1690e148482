import type { Knex } from 'knex'

/**
 * Sessions ended on the server before their token expires: logout writes its session id
 * (the token's `sid`) here, and `authenticate` refuses a token whose session is listed, in the
 * same query that reads `auth_sessions`. A row is needed only until the token's own end
 * (`ends_at`, its `exp`); logout deletes a bounded number of rows past it each time, so the
 * table holds at most the sessions ended in the last 7 days.
 */
export const endedSessions: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table auth_session_ends (
        session_id text primary key,
        user_id text not null,
        ends_at timestamptz not null
      )
    `)
    await knex.raw('create index auth_session_ends_ends_at_idx on auth_session_ends (ends_at)')
  },
  async down(knex) {
    await knex.raw('drop table auth_session_ends')
  },
}
