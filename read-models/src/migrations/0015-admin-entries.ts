import type { Knex } from 'knex'

/**
 * The admin entries list and export walk entries newest first (paid, else reserved), fifteen at
 * a time or in batches, optionally of one competition or one payment status. These indexes serve
 * each of those orders, so a page reads its rows and no more at 1,000,000 entries; the entrant
 * search goes through `entries_user_idx` and the reference through `entries_entry_reference_key`.
 * The entry details read one entry's events of the audit trail by `entries_events_entry_idx`.
 */
export const adminEntries: Knex.Migration = {
  async up(knex) {
    await knex.raw(
      'create index entries_admin_list_idx on entries ((coalesce(paid_at, reserved_at)) desc, id desc)',
    )
    await knex.raw(
      'create index entries_admin_status_idx on entries (payment_status, (coalesce(paid_at, reserved_at)) desc, id desc)',
    )
    await knex.raw(
      'create index entries_admin_competition_idx on entries (competition_id, (coalesce(paid_at, reserved_at)) desc, id desc)',
    )
    await knex.raw(
      `create index entries_events_entry_idx on competition_events (competition_id, (data->>'entryId'), revision) where data->>'entryId' is not null`,
    )
  },
  async down(knex) {
    await knex.raw('drop index entries_events_entry_idx')
    await knex.raw('drop index entries_admin_competition_idx')
    await knex.raw('drop index entries_admin_status_idx')
    await knex.raw('drop index entries_admin_list_idx')
  },
}
