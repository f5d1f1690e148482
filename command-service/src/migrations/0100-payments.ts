import type { Knex } from 'knex'

/**
 * The offline test provider's intents and refunds (DESIGN section 7): what Stripe keeps on its
 * side, kept here so the embedded default takes payments with no account. The unique idempotency
 * keys are what make a retried create or refund return the first answer instead of a second one;
 * the unique intent on a refund is what makes a second full refund impossible.
 */
export const paymentTables: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('offline_payment_intents', (t) => {
      t.text('id').primary()
      t.text('client_secret').notNullable()
      t.integer('amount_pence').notNullable()
      t.text('status').notNullable()
      t.jsonb('metadata').notNullable()
      t.text('last_error')
      t.text('idempotency_key').notNullable().unique()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
    await knex.raw(
      'alter table offline_payment_intents add constraint offline_payment_intents_amount check (amount_pence > 0)',
    )
    await knex.schema.createTable('offline_payment_refunds', (t) => {
      t.text('id').primary()
      t.text('payment_intent_id').notNullable().unique().references('offline_payment_intents.id')
      t.integer('amount_pence').notNullable()
      t.text('idempotency_key').notNullable().unique()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
  },
  async down(knex) {
    await knex.schema.dropTable('offline_payment_refunds')
    await knex.schema.dropTable('offline_payment_intents')
  },
}
