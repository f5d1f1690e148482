import type { Knex } from 'knex'

/**
 * The secret draw seeds (DESIGN section 8): written before the publication that commits to
 * their hash, read when the draw reveals them. Kept after the draw (the seed is public then).
 */
export const drawSeedTables: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('draw_seeds', (t) => {
      t.text('competition_id').primary()
      t.binary('seed').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
    await knex.raw(
      'alter table draw_seeds add constraint draw_seeds_seed_length check (octet_length(seed) = 32)',
    )
  },
  async down(knex) {
    await knex.schema.dropTable('draw_seeds')
  },
}
