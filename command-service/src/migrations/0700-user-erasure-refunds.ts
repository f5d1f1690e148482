import type { Knex } from 'knex'

/**
 * The refunds a user's deletion owes, one row per entry, written before any money moves: the
 * plan outlives a crash, so the request or the reactor that picks it up again finishes every
 * refund (the provider's idempotency key makes a repeated call the same refund). `refund_id` is
 * kept as soon as the provider answers; `outcome` says how the row ended.
 */
export const userErasureRefunds: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('user_erasure_refunds', (t) => {
      t.text('entry_id').primary()
      t.text('user_id').notNullable()
      t.text('competition_id').notNullable()
      t.text('payment_intent_id').notNullable()
      t.integer('amount_pence').notNullable()
      /** Who deleted the user and why: the refund's event metadata carries them. */
      t.jsonb('actor').notNullable()
      t.text('reason').notNullable()
      t.timestamp('planned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
      t.text('refund_id')
      /** Null while owed; `refunded`, or `skipped` when the entry was no longer refundable. */
      t.text('outcome')
      t.text('note')
      t.timestamp('settled_at', { useTz: true })
      t.index(['user_id'], 'user_erasure_refunds_user_idx')
    })
  },
  async down(knex) {
    await knex.schema.dropTable('user_erasure_refunds')
  },
}
