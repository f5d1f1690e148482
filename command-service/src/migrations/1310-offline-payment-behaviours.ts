import type { Knex } from 'knex'

/**
 * The offline provider's test behaviours (its test cards for a payment that is `processing`
 * for a while, and for a provider that fails to answer once after a charge), and its count of
 * charges per intent, so a test can prove that a payment was taken once.
 */
export const offlinePaymentBehaviours: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table offline_payment_intents
        add column charges integer not null default 0 constraint offline_payment_intents_charges check (charges >= 0),
        add column processing_checks integer not null default 0
          constraint offline_payment_intents_processing_checks check (processing_checks >= 0),
        add column retrieve_failures integer not null default 0
          constraint offline_payment_intents_retrieve_failures check (retrieve_failures >= 0)
    `)
  },
  async down(knex) {
    await knex.raw(`
      alter table offline_payment_intents
        drop column charges, drop column processing_checks, drop column retrieve_failures
    `)
  },
}
