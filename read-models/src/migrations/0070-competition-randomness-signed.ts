import type { Knex } from 'knex'

/**
 * Issue 23: whether a completed draw's public randomness carried drand's signature (checked when
 * the draw was recorded), so the competition's page says verified or UNVERIFIED. Null until drawn.
 */
export const competitionRandomnessSigned: Knex.Migration = {
  async up(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.boolean('randomness_signed')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.dropColumn('randomness_signed')
    })
  },
}
