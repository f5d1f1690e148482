import type { Knex } from 'knex'

const lifecycle = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(', ')
const before = ['reserved', 'released', 'allocated', 'refund_due', 'refunded']
const after = [...before, 'refund_pending']

/** An entry whose admin refund is requested and not yet recorded (EntryRefundRequested). */
export const entriesRefundPending: Knex.Migration = {
  async up(knex) {
    await knex.raw('alter table entries drop constraint entries_status_check')
    await knex.raw(
      `alter table entries add constraint entries_status_check check (status in (${lifecycle(after)}))`,
    )
  },
  async down(knex) {
    await knex.raw(`update entries set status = 'allocated' where status = 'refund_pending'`)
    await knex.raw('alter table entries drop constraint entries_status_check')
    await knex.raw(
      `alter table entries add constraint entries_status_check check (status in (${lifecycle(before)}))`,
    )
  },
}
