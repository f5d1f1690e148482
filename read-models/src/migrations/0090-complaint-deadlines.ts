import type { Knex } from 'knex'

/**
 * A complaint's deadlines (issue 24): acknowledge by, final answer by, and the one due next
 * (`due_by`: the acknowledgement while open, the final answer once answered, none once closed).
 * The admin's complaints list reads them by `due_by` from its own partial index.
 */
export const complaintDeadlines: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      alter table contact_messages
        add column acknowledge_by date,
        add column final_answer_by date,
        add column due_by date;
      create index contact_messages_complaints_due on contact_messages
        (due_by asc nulls last, received_at desc, reference desc) where topic = 'complaint';
    `)
  },
  async down(knex) {
    await knex.raw(`
      drop index if exists contact_messages_complaints_due;
      alter table contact_messages
        drop column acknowledge_by, drop column final_answer_by, drop column due_by;
    `)
  },
}
