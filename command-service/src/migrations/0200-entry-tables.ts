import type { Knex } from 'knex'

/**
 * The entry side's command tables (DESIGN section 6). A sequence, not a counter row, numbers
 * entry references: `nextval` never hands one number out twice, even across instances and
 * rolled-back transactions (a gap is harmless, a repeat is not). Idempotency keys keep the
 * first answer to a money request, so the same request twice answers the same.
 */
export const entryTables: Knex.Migration = {
  async up(knex) {
    await knex.raw('create sequence entry_reference_seq as bigint start with 1 no cycle')
    await knex.schema.createTable('idempotency_keys', (t) => {
      /** The endpoint and the caller, e.g. `create-payment-intent:<userId>`. */
      t.text('scope').notNullable()
      t.text('key').notNullable()
      /** Null while the first request is still running. */
      t.jsonb('response')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
      t.primary(['scope', 'key'])
    })
  },
  async down(knex) {
    await knex.schema.dropTable('idempotency_keys')
    await knex.raw('drop sequence entry_reference_seq')
  },
}
