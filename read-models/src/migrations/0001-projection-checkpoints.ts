import type { Knex } from 'knex'

/** Where each projection has got to in the log; written in the same transaction as its rows. */
export const projectionCheckpoints: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('projection_checkpoints', (t) => {
      t.text('name').primary()
      t.text('position').notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
  },
  async down(knex) {
    await knex.schema.dropTable('projection_checkpoints')
  },
}
