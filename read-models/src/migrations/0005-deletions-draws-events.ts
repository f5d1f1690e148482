import type { Knex } from 'knex'

/**
 * A deleted competition keeps its row, flagged: a replayed creation then finds the row and
 * changes nothing, where a removed row would come back. Every reader hides flagged rows.
 * Draws: one row per completed draw, for the winners list. Competition events: every event of
 * every competition stream, for the draw certificate (the browser re-runs the verifier on them).
 */
export const deletionsDrawsEvents: Knex.Migration = {
  async up(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.timestamp('deleted_at', { useTz: true })
    })
    await knex.schema.createTable('draws', (t) => {
      t.text('competition_id').primary()
      t.integer('winning_ticket').notNullable()
      t.text('winning_entry_id').notNullable()
      t.text('winner_user_id').notNullable()
      t.timestamp('drawn_at', { useTz: true }).notNullable()
    })
    await knex.schema.createTable('competition_events', (t) => {
      t.text('competition_id').notNullable()
      t.bigInteger('revision').notNullable()
      t.text('type').notNullable()
      t.jsonb('data').notNullable()
      t.timestamp('occurred_at', { useTz: true }).notNullable()
      t.primary(['competition_id', 'revision'])
    })
  },
  async down(knex) {
    await knex.schema.dropTable('competition_events')
    await knex.schema.dropTable('draws')
    await knex.schema.alterTable('competitions', (t) => {
      t.dropColumn('deleted_at')
    })
  },
}
