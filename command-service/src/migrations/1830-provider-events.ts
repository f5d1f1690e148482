import type { Knex } from 'knex'

/**
 * The provider's own events (refunds at the provider, chargebacks), command-side bookkeeping:
 *
 * - `payment_provider_events`: the id of every provider notification already followed, so the
 *   same one delivered again (Stripe delivers at least once) has one effect, even after a later
 *   notification moved the entry on (a dispute opened again after it was won).
 * - the offline provider's dispute per intent, which its TEST control opens and closes as a
 *   bank would, so the offline platform can be told everything Stripe can tell.
 */
export const providerEvents: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table payment_provider_events (
        event_id text primary key check (length(event_id) between 1 and 255),
        payment_intent_id text not null,
        followed_at timestamptz not null default now()
      );
      alter table offline_payment_intents
        add column dispute_id text,
        add column dispute_status text constraint offline_payment_intents_dispute_status
          check (dispute_status in ('open', 'won', 'lost'));
    `)
  },
  async down(knex) {
    await knex.raw(`
      drop table payment_provider_events;
      alter table offline_payment_intents drop column dispute_id, drop column dispute_status;
    `)
  },
}
