import type { Knex } from 'knex'

/**
 * `contact_messages`: the admin's Messages tab, one row per message, newest first; the personal
 * fields stay encrypted (the message's key decrypts them where they are shown), and
 * `email_term` is a blind index of the address for the search. `newsletter_subscribers` keeps
 * each address's status (by subscriber id, never the address) and `newsletter_stats` the count
 * of confirmed subscribers, so the admin's figure is one row, not a count of every subscriber.
 */
export const contactAndNewsletter: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table contact_messages (
        reference text primary key,
        received_at timestamptz not null,
        topic text not null,
        status text not null default 'open',
        name text not null,
        email text not null,
        subject text not null,
        message text not null,
        user_id uuid,
        email_term text
      );
      create index contact_messages_newest on contact_messages (received_at desc, reference desc);
      create index contact_messages_email on contact_messages (email_term, received_at desc);

      create table newsletter_subscribers (
        subscriber_id uuid primary key,
        status text not null,
        revision bigint not null,
        updated_at timestamptz not null
      );
      create table newsletter_stats (
        id integer primary key check (id = 1),
        confirmed integer not null check (confirmed >= 0)
      );
    `)
  },
  async down(knex) {
    await knex.raw('drop table if exists contact_messages, newsletter_subscribers, newsletter_stats')
  },
}
