import type { Knex } from 'knex'

/**
 * The entries read model: one row per entry on any competition, keyed by the entry id. The
 * status lists are written out, not imported, so this migration never changes after it ships.
 */
export const entries: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('entries', (t) => {
      t.text('id').primary()
      // No foreign key: the competitions model is built by another projection, at its own pace.
      t.text('competition_id').notNullable()
      t.text('user_id').notNullable()
      t.integer('quantity').notNullable()
      t.integer('amount_pence').notNullable()
      t.text('answer').notNullable()
      t.boolean('answer_correct')
      t.specificType('ticket_numbers', 'integer[]').notNullable().defaultTo(knex.raw(`'{}'::integer[]`))
      t.text('entry_reference')
      t.text('payment_intent_id')
      t.enu('payment_status', ['pending', 'paid', 'failed', 'refunded'], {
        useNative: false,
        enumName: 'entry_payment_status',
      }).notNullable()
      t.enu('status', ['reserved', 'released', 'allocated', 'refund_due', 'refunded'], {
        useNative: false,
        enumName: 'entry_lifecycle',
      }).notNullable()
      t.text('release_reason')
      t.text('refund_reason')
      t.timestamp('reserved_at', { useTz: true }).notNullable()
      t.timestamp('expires_at', { useTz: true })
      t.timestamp('paid_at', { useTz: true })
      t.timestamp('refunded_at', { useTz: true })
      t.timestamp('updated_at', { useTz: true }).notNullable()
      /** Revision of the competition stream's last event applied; older or equal ones are replays. */
      t.bigInteger('last_revision').notNullable()
    })
    await knex.schema.alterTable('entries', (t) => {
      t.index(['user_id', 'payment_status'], 'entries_user_idx')
      t.index(['competition_id'], 'entries_competition_idx')
    })
  },
  async down(knex) {
    await knex.schema.dropTable('entries')
  },
}
