import type { Knex } from 'knex'

/**
 * emailNotifications off: a non-essential email is recorded in the outbox as `suppressed` (no
 * body, never sent) so auditors can see what was held back and when; the admin's outbox lists
 * them under their own status.
 */
export const suppressedEmails: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table mail_outbox drop constraint mail_outbox_status;
      alter table mail_outbox add constraint mail_outbox_status
        check (status in ('pending', 'sent', 'failed', 'suppressed'));
    `)
  },
  async down(knex) {
    await knex.raw(`
      delete from mail_outbox where status = 'suppressed';
      alter table mail_outbox drop constraint mail_outbox_status;
      alter table mail_outbox add constraint mail_outbox_status check (status in ('pending', 'sent', 'failed'));
    `)
  },
}
