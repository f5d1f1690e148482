import type { Knex } from 'knex'

/**
 * `newsletter_tokens` finds the subscriber a newsletter link's token hash belongs to (the
 * subscriber's stream decides whether the link still works); only hashes are kept. Unsubscribe
 * links never expire (an old newsletter's link must still work), so rows are not swept.
 */
export const newsletterAndContact: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table newsletter_tokens (
        token_hash text primary key,
        subscriber_id uuid not null,
        purpose text not null
          constraint newsletter_tokens_purpose check (purpose in ('newsletter-confirm', 'newsletter-unsubscribe'))
      );
      create index newsletter_tokens_subscriber on newsletter_tokens (subscriber_id);
      alter table mail_outbox add column headers jsonb;
    `)
  },
  async down(knex) {
    await knex.raw(
      'drop table if exists newsletter_tokens; alter table mail_outbox drop column if exists headers;',
    )
  },
}
