import { offlineDisputes } from '@prizes/payments'
import type { Knex } from 'knex'

/**
 * The provider's own events (refunds at the provider, chargebacks), command-side bookkeeping:
 *
 * - `payment_provider_events`: the id of every provider notification already followed, so the
 *   same one delivered again (Stripe delivers at least once) has one effect, even after a later
 *   notification moved the entry on (a dispute opened again after it was won).
 * - the offline provider's dispute per intent, which its TEST control opens and closes as a
 *   bank would, so the offline platform can be told everything Stripe can tell
 *   (`offlineDisputes`, kept with the provider in `@prizes/payments`).
 */
export const providerEvents: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table payment_provider_events (
        event_id text primary key check (length(event_id) between 1 and 255),
        payment_intent_id text not null,
        followed_at timestamptz not null default now()
      );
    `)
    await offlineDisputes.up(knex)
  },
  async down(knex) {
    await knex.raw(`
      drop table payment_provider_events;
    `)
    await offlineDisputes.down?.(knex)
  },
}
