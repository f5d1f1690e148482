import type { Knex } from 'knex'

/**
 * The mail outbox (`mail/outbox.ts`): every email a reactor decided to send, kept until a sender
 * has handed it to the SMTP server, so a refused send is retried and a crash repeats an email
 * rather than losing it. It replaces `sent_emails`, which claimed an email before sending it
 * (at most once); its rows have no recipient or body to send again, so they are dropped.
 *
 * The recipient and body are personal data in clear. They go with the user's key: `user_id`
 * references `user_keys` with `on delete cascade`, so the erasure that deletes the key
 * (crypto-shredding) deletes the user's emails in the same transaction, sent or not, and an
 * email can no longer be queued for a user whose key is gone. A sent email's body is cleared
 * when it is sent (a reset link in it stays usable for an hour); its row remains, without the
 * body, as the record that it went and as the key that stops a replayed event queueing it again.
 */
export const mailOutboxTables: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table mail_outbox (
        id text primary key,
        template text not null,
        user_id text references user_keys (user_id) on delete cascade,
        recipient text not null,
        subject text not null,
        html text,
        text_body text,
        status text not null default 'pending'
          constraint mail_outbox_status check (status in ('pending', 'sent', 'failed')),
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null,
        next_attempt_at timestamptz not null,
        last_attempt_at timestamptz,
        leased_until timestamptz,
        lease_token text,
        lease_holder integer,
        sent_at timestamptz,
        failed_at timestamptz
      );
      create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending';
      create index mail_outbox_failed on mail_outbox (failed_at) where status = 'failed';
      create index mail_outbox_user on mail_outbox (user_id);

      -- What the admin's Email System tab lists: every email not sent yet, without its body.
      create view mail_outbox_unsent as
        select id, template, status, user_id, recipient, subject, attempts, last_error,
               created_at, last_attempt_at, next_attempt_at, failed_at,
               coalesce(leased_until > now(), false) as sending
          from mail_outbox
         where status <> 'sent';

      drop table if exists sent_emails;
    `)
  },
  async down(knex) {
    await knex.raw('drop view if exists mail_outbox_unsent; drop table if exists mail_outbox;')
  },
}
