import type { Knex } from 'knex'

export const authTables: Knex.Migration = {
  async up(knex) {
    // Checked on every authenticated request, so a ban, demotion or password change ends
    // older sessions at once instead of when their 7 days run out.
    await knex.schema.createTable('auth_sessions', (t) => {
      t.text('user_id').primary()
      t.integer('token_version').notNullable()
      t.text('role').notNullable()
      t.boolean('banned').notNullable()
    })
    // Fixed-window counters shared by every instance of the service.
    await knex.schema.createTable('rate_limits', (t) => {
      t.text('bucket').notNullable()
      t.timestamp('window_start', { useTz: true }).notNullable()
      t.integer('count').notNullable()
      t.primary(['bucket', 'window_start'])
    })
    await knex.schema.alterTable('rate_limits', (t) => {
      t.index(['window_start'], 'rate_limits_window_start_idx')
    })
    // Server secrets (JWT signing, one-time-token derivation), generated on first use.
    await knex.schema.createTable('platform_secrets', (t) => {
      t.text('name').primary()
      t.binary('value').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
  },
  async down(knex) {
    await knex.schema.dropTable('platform_secrets')
    await knex.schema.dropTable('rate_limits')
    await knex.schema.dropTable('auth_sessions')
  },
}
