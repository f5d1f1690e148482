import { competitionStatuses } from '@prizes/contracts'
import type { Knex } from 'knex'

const statusList = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ')

/**
 * Issue 14: a competition's minimum of tickets sold and cash alternative, whether its end date
 * was extended, and the `undersold` status (the check `0002` made names the statuses of its day).
 * Contact messages gain their answer and closing note (encrypted with the message's key, like
 * the message) and a trail of each step, who took it and when.
 */
export const undersoldCompetitions: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table competitions
        add column if not exists minimum_tickets integer,
        add column if not exists cash_alternative_pence bigint,
        add column if not exists end_date_extended boolean not null default false;
      alter table competitions drop constraint if exists competitions_status_check;
      alter table competitions add constraint competitions_status_check
        check (status in (${statusList(competitionStatuses)}));

      alter table contact_messages
        add column if not exists answer text,
        add column if not exists answered_at timestamptz,
        add column if not exists closed_at timestamptz,
        add column if not exists close_note text;
      create index if not exists contact_messages_topic on contact_messages (topic, received_at desc);
      create table if not exists contact_message_events (
        reference text not null,
        revision bigint not null,
        type text not null,
        occurred_at timestamptz not null,
        actor jsonb,
        primary key (reference, revision)
      );
    `)
  },
  async down(knex) {
    await knex.raw(`
      drop table if exists contact_message_events;
      drop index if exists contact_messages_topic;
      alter table contact_messages drop column if exists answer, drop column if exists answered_at,
        drop column if exists closed_at, drop column if exists close_note;
      alter table competitions drop column if exists minimum_tickets,
        drop column if exists cash_alternative_pence, drop column if exists end_date_extended;
    `)
  },
}
