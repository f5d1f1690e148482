import type { Knex } from 'knex'

/**
 * Issue 24: the past-winners page reads completed draws newest first a page at a time
 * (`draws_newest_idx` serves its keyset), a winner may object to their name being shown, and a
 * cancelled competition keeps its page if it had been published (`published_at`, backfilled from
 * the competition's own events).
 */
export const winnersPage: Knex.Migration = {
  async up(knex) {
    await knex.raw('create index draws_newest_idx on draws (drawn_at desc, competition_id asc)')
    await knex.schema.alterTable('users', (t) => {
      t.boolean('winner_name_hidden').notNullable().defaultTo(false)
    })
    await knex.schema.alterTable('competitions', (t) => {
      t.timestamp('published_at', { useTz: true })
    })
    await knex.raw(
      `update competitions c set published_at = e.occurred_at
       from competition_events e
       where e.competition_id = c.id and e.type = 'CompetitionPublished'`,
    )
  },
  async down(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.dropColumn('published_at')
    })
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('winner_name_hidden')
    })
    await knex.raw('drop index draws_newest_idx')
  },
}
