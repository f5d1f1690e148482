import type { Knex } from 'knex'

/**
 * Which competition each entry is on and whose it is (issue 25): what a use case needs to find
 * an entry's stream (an admin's refund) or a user's entries (a deletion), without the read
 * models. A row is written in the same transaction as the event that creates the entry
 * (TicketsReserved, PostalEntryRecorded); `entry_owners_floor` is how far the log has been read
 * into it at start, which fills it for entries made before this table and after a restore.
 * Both lookups are index probes: by entry id, and by user.
 */
export const entryOwners: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table entry_owners (
        entry_id text primary key,
        competition_id text not null,
        user_id text not null
      )
    `)
    await knex.raw('create index entry_owners_user_idx on entry_owners (user_id, competition_id)')
    await knex.schema.createTable('entry_owners_floor', (t) => {
      t.boolean('singleton').primary().defaultTo(true)
      /** A log position (`positionToString`); null for the start of the log. */
      t.text('position')
    })
    await knex.raw(
      'alter table entry_owners_floor add constraint entry_owners_floor_one_row check (singleton)',
    )
  },
  async down(knex) {
    await knex.schema.dropTable('entry_owners_floor')
    await knex.raw('drop table entry_owners')
  },
}
