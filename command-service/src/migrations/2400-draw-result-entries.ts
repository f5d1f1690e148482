import type { Knex } from 'knex'

/**
 * What the close tells each entrant (issue 24): `draw_result_entries` has a row per allocated
 * entry (paid or postal) with whether its answer was correct and whether it left the list
 * before the close (a refund asked for or made, a dispute opened); `told_at` is set once its
 * email is queued. `draw_result_closes` names the competitions closed, so a refund after the
 * close leaves the row as the seal saw it. The close pages through a competition's untold rows
 * by the partial index, a bounded batch at a time.
 */
export const drawResultEntries: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table draw_result_entries (
        entry_id text primary key,
        competition_id text not null,
        user_id text not null,
        entry_reference text not null,
        ticket_numbers jsonb not null,
        answer_correct boolean not null,
        withdrawn boolean not null default false,
        told_at timestamptz
      )
    `)
    await knex.raw(`
      create index draw_result_entries_untold_idx
        on draw_result_entries (competition_id, entry_id) where told_at is null
    `)
    await knex.raw(`
      create table draw_result_closes (
        competition_id text primary key,
        closed_at timestamptz not null
      )
    `)
  },
  async down(knex) {
    await knex.raw('drop table draw_result_closes')
    await knex.raw('drop table draw_result_entries')
  },
}
