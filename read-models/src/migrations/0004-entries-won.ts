import type { Knex } from 'knex'

/** When an entry's ticket was drawn; null for every other entry. */
export const entriesWon: Knex.Migration = {
  async up(knex) {
    await knex.schema.alterTable('entries', (t) => {
      t.timestamp('won_at', { useTz: true })
    })
  },
  async down(knex) {
    await knex.schema.alterTable('entries', (t) => {
      t.dropColumn('won_at')
    })
  },
}
