import type { Knex } from 'knex'

/**
 * The offline provider's tables, step by step. They live in the command side's database and
 * are created by its migrations (`command-service/src/migrations`), which run each step below
 * under the name it shipped with, in order with the command side's own tables; never edit a
 * step that has shipped: add the next.
 */

/**
 * `0100-payments`: the intents and refunds (DESIGN section 7), what Stripe keeps on its side,
 * kept here so the embedded default takes payments with no account. The unique idempotency keys
 * are what make a retried create or refund return the first answer instead of a second one; the
 * unique intent on a refund is what makes a second full refund impossible.
 */
export const offlinePaymentTables: Knex.Migration = {
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

/**
 * `1310-offline-payment-behaviours`: the test behaviours (its test cards for a payment that is
 * `processing` for a while, and for a provider that fails to answer once after a charge), and
 * its count of charges per intent, so a test can prove that a payment was taken once.
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

/** Part of `1700-credit-card-limit`: the card funding per intent, as a real provider reports it. */
export const offlineCardFunding: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table offline_payment_intents
        add column funding text constraint offline_payment_intents_funding
          check (funding in ('credit', 'debit', 'prepaid', 'unknown'));
    `)
  },
  async down(knex) {
    await knex.raw('alter table offline_payment_intents drop column funding;')
  },
}

/**
 * `1800-offline-refund-refusals`: the disputed intents: a test marks one as charged back (the
 * offline equivalent of a dispute opened at the card's bank), and its refund is then refused as
 * Stripe refuses a disputed charge's.
 */
export const offlineRefundRefusals: Knex.Migration = {
  async up(knex) {
    await knex.raw('alter table offline_payment_intents add column disputed_at timestamptz')
  },
  async down(knex) {
    await knex.raw('alter table offline_payment_intents drop column disputed_at')
  },
}

/**
 * Part of `1830-provider-events`: the dispute per intent, which the TEST control opens and
 * closes as a bank would, so the offline platform can be told everything Stripe can tell.
 */
export const offlineDisputes: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table offline_payment_intents
        add column dispute_id text,
        add column dispute_status text constraint offline_payment_intents_dispute_status
          check (dispute_status in ('open', 'won', 'lost'));
    `)
  },
  async down(knex) {
    await knex.raw('alter table offline_payment_intents drop column dispute_id, drop column dispute_status;')
  },
}
