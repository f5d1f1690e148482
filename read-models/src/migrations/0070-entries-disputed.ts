import type { Knex } from 'knex'

const lifecycle = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(', ')
const before = ['reserved', 'released', 'allocated', 'refund_due', 'refunded', 'refund_pending']
const after = [...before, 'disputed']

/** An entry whose payment the entrant's bank disputes (EntryDisputed), until the dispute closes. */
export const entriesDisputed: Knex.Migration = {
  async up(knex) {
    await knex.raw('alter table entries drop constraint entries_status_check')
    await knex.raw(
      `alter table entries add constraint entries_status_check check (status in (${lifecycle(after)}))`,
    )
  },
  async down(knex) {
    await knex.raw(`update entries set status = 'allocated' where status = 'disputed'`)
    await knex.raw('alter table entries drop constraint entries_status_check')
    await knex.raw(
      `alter table entries add constraint entries_status_check check (status in (${lifecycle(before)}))`,
    )
  },
}
