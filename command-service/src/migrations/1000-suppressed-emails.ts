import type { Knex } from 'knex'

/**
 * emailNotifications off: a non-essential email is recorded in the outbox as `suppressed` (no
 * body, never sent) so auditors can see what was held back and when. The admin's list of
 * unsent emails stays pending and failed only.
 */
export const suppressedEmails: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table mail_outbox drop constraint mail_outbox_status;
      alter table mail_outbox add constraint mail_outbox_status
        check (status in ('pending', 'sent', 'failed', 'suppressed'));
      create or replace view mail_outbox_unsent as
        select id, template, status, user_id, recipient, subject, attempts, last_error,
               created_at, last_attempt_at, next_attempt_at, failed_at,
               coalesce(leased_until > now(), false) as sending
          from mail_outbox
         where status in ('pending', 'failed');
    `)
  },
  async down(knex) {
    await knex.raw(`
      delete from mail_outbox where status = 'suppressed';
      create or replace view mail_outbox_unsent as
        select id, template, status, user_id, recipient, subject, attempts, last_error,
               created_at, last_attempt_at, next_attempt_at, failed_at,
               coalesce(leased_until > now(), false) as sending
          from mail_outbox
         where status <> 'sent';
      alter table mail_outbox drop constraint mail_outbox_status;
      alter table mail_outbox add constraint mail_outbox_status check (status in ('pending', 'sent', 'failed'));
    `)
  },
}
