import type { Knex } from 'knex'

/**
 * The admin's platform stats (SPEC section 3): counters by day and in total, so a request reads
 * thirty days of rows and one totals row rather than every user and entry. The keyed rows per
 * user and per entry make the counters idempotent: a counter moves only when its key changes state.
 */
export const platformStats: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('stats_users', (t) => {
      t.text('user_id').primary()
      t.boolean('verified').notNullable().defaultTo(false)
    })
    await knex.schema.createTable('stats_entries', (t) => {
      t.text('entry_id').primary()
      t.text('state').notNullable()
      t.bigInteger('amount_pence').notNullable().defaultTo(0)
    })
    await knex.schema.createTable('stats_daily', (t) => {
      t.date('day').primary()
      t.integer('new_users').notNullable().defaultTo(0)
      t.integer('entries_created').notNullable().defaultTo(0)
      t.bigInteger('revenue_pence').notNullable().defaultTo(0)
    })
    await knex.schema.createTable('stats_totals', (t) => {
      t.integer('id').primary()
      t.integer('users').notNullable().defaultTo(0)
      t.integer('verified').notNullable().defaultTo(0)
      t.integer('entries').notNullable().defaultTo(0)
      t.integer('paid').notNullable().defaultTo(0)
      t.integer('pending').notNullable().defaultTo(0)
      t.bigInteger('revenue_pence').notNullable().defaultTo(0)
    })
  },
  async down(knex) {
    for (const table of ['stats_totals', 'stats_daily', 'stats_entries', 'stats_users']) {
      await knex.schema.dropTable(table)
    }
  },
}
