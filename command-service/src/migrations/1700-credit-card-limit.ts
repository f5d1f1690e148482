import { offlineCardFunding } from '@prizes/payments'
import type { Knex } from 'knex'

/**
 * The monthly credit card limit (issue 14 item 4), command-side bookkeeping:
 *
 * - `credit_card_months`: per person and calendar month (Europe/London, `YYYY-MM`), the credit
 *   card money held or taken. Reserved by a conditional upsert, so two payments at once cannot
 *   both pass the limit.
 * - `credit_card_payments`: one row per payment intent, so a retry, or the webhook racing the
 *   browser's confirm-payment, counts it once; `refused` keeps the refusal's answer for a
 *   confirm that comes after it, and `released` / `refunded` gave the amount back.
 *
 * And the offline provider's card funding per intent, as a real provider reports it
 * (`offlineCardFunding`, kept with the provider in `@prizes/payments`).
 */
export const creditCardLimit: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table credit_card_months (
        user_id text not null,
        month text not null check (month ~ '^[0-9]{4}-[0-9]{2}$'),
        spent_pence integer not null default 0 check (spent_pence >= 0),
        primary key (user_id, month)
      );
      create table credit_card_payments (
        payment_intent_id text primary key,
        user_id text not null,
        month text not null,
        amount_pence integer not null check (amount_pence > 0),
        status text not null check (status in ('held', 'captured', 'refused', 'released', 'refunded')),
        remaining_pence integer not null check (remaining_pence >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index credit_card_payments_user_month on credit_card_payments (user_id, month);
    `)
    await offlineCardFunding.up(knex)
  },
  async down(knex) {
    await offlineCardFunding.down?.(knex)
    await knex.raw(`
      drop table credit_card_payments;
      drop table credit_card_months;
    `)
  },
}
