import type { Knex } from 'knex'

/**
 * Responsible play for the admin (issue 14): each user's limit and break as they stand
 * (`user_responsible_play`), the changes to them as an audit trail (`responsible_play_changes`,
 * one row per event, keyed by the user's stream revision), and the spending alert threshold's
 * changes (`spending_alert_changes`, keyed by its stream's revision; the newest is in force).
 */
export const responsiblePlay: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('user_responsible_play', (t) => {
      t.text('user_id').primary()
      t.integer('limit_pence')
      t.boolean('pending').notNullable().defaultTo(false)
      t.integer('pending_limit_pence')
      t.timestamp('pending_effective_at', { useTz: true })
      t.timestamp('break_ends_at', { useTz: true })
      t.boolean('break_permanent').notNullable().defaultTo(false)
      t.bigInteger('last_revision').notNullable()
    })
    await knex.schema.createTable('responsible_play_changes', (t) => {
      t.text('user_id').notNullable()
      t.bigInteger('revision').notNullable()
      t.text('type').notNullable()
      t.timestamp('occurred_at', { useTz: true }).notNullable()
      t.jsonb('actor')
      t.jsonb('data').notNullable()
      t.primary(['user_id', 'revision'])
    })
    await knex.schema.createTable('spending_alert_changes', (t) => {
      t.bigInteger('revision').primary()
      t.integer('threshold_pence').notNullable()
      t.timestamp('occurred_at', { useTz: true }).notNullable()
      t.jsonb('actor')
      t.text('reason')
    })
    // The 30-day spending of a page of users: paid entries by user and time.
    await knex.raw(
      `create index entries_user_paid_at_idx on entries (user_id, paid_at) where payment_status = 'paid'`,
    )
  },
  async down(knex) {
    await knex.raw('drop index if exists entries_user_paid_at_idx')
    await knex.schema.dropTable('spending_alert_changes')
    await knex.schema.dropTable('responsible_play_changes')
    await knex.schema.dropTable('user_responsible_play')
  },
}
