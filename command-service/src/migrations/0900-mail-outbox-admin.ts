import type { Knex } from 'knex'

/**
 * The admin's Email System tab (issue 11): the outbox listed newest first, by status or not, a
 * page at a time from an index; an admin's test sends marked as such; and who put a failed email
 * back to be sent, and how often. Test rows are kept for `testEmailRetentionDays`
 * (`mail_outbox_test` finds the old ones without reading any other row). `mail_outbox_unsent` is replaced by the paged listing
 * (`listOutboxEmails`), its only reader.
 */
export const mailOutboxAdmin: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table mail_outbox
        add column test boolean not null default false,
        add column resend_count integer not null default 0,
        add column resent_at timestamptz,
        add column resent_by text;
      create index mail_outbox_newest on mail_outbox (created_at desc, id desc);
      create index mail_outbox_status_newest on mail_outbox (status, created_at desc, id desc);
      create index mail_outbox_test on mail_outbox (created_at) where test;
      drop view if exists mail_outbox_unsent;
    `)
  },
  async down(knex) {
    await knex.raw(`
      drop index if exists mail_outbox_test;
      drop index if exists mail_outbox_status_newest;
      drop index if exists mail_outbox_newest;
      alter table mail_outbox
        drop column if exists test,
        drop column if exists resend_count,
        drop column if exists resent_at,
        drop column if exists resent_by;
      create view mail_outbox_unsent as
        select id, template, status, user_id, recipient, subject, attempts, last_error,
               created_at, last_attempt_at, next_attempt_at, failed_at,
               coalesce(leased_until > now(), false) as sending
          from mail_outbox
         where status <> 'sent';
    `)
  },
}
