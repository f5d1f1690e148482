import type { Knex } from 'knex'

/**
 * The offline provider's disputed intents: a test marks one as charged back (the offline
 * equivalent of a dispute opened at the card's bank), and its refund is then refused as Stripe
 * refuses a disputed charge's.
 */
export const offlineRefundRefusals: Knex.Migration = {
  async up(knex) {
    await knex.raw('alter table offline_payment_intents add column disputed_at timestamptz')
  },
  async down(knex) {
    await knex.raw('alter table offline_payment_intents drop column disputed_at')
  },
}
