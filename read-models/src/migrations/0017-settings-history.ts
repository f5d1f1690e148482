import type { Knex } from 'knex'

/**
 * The settings stream as a read model: one row per change (the full snapshot after it, who,
 * when and why), keyed by the stream's revision. The newest row is the current settings, which
 * the query service enforces; the rows, newest first, are the admin's settings history.
 */
export const settingsHistory: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('settings_history', (t) => {
      t.bigInteger('revision').primary()
      t.timestamp('occurred_at', { useTz: true }).notNullable()
      t.boolean('maintenance_mode').notNullable()
      t.boolean('allow_registrations').notNullable()
      t.boolean('email_notifications').notNullable()
      t.jsonb('actor')
      t.text('reason')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('settings_history')
  },
}
