import type { Knex } from 'knex'

/**
 * The admin list shows what a draw is bound to: the seed's commitment (from publication) and,
 * from close, the drand round named and the sealed list's size and hash. Rows built before
 * these columns lack them, so the table is emptied and its checkpoint removed: the runner
 * rebuilds it from the log on its next start (every reader copes with a moment of catching up).
 */
export const competitionDrawCommitments: Knex.Migration = {
  async up(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.text('seed_commitment')
      t.integer('randomness_round')
      t.integer('eligible_tickets')
      t.text('list_hash')
    })
    await knex('competitions').delete()
    await knex('projection_checkpoints').where({ name: 'competitions' }).delete()
  },
  async down(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.dropColumn('list_hash')
      t.dropColumn('eligible_tickets')
      t.dropColumn('randomness_round')
      t.dropColumn('seed_commitment')
    })
  },
}
