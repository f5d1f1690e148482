import type { Knex } from 'knex'

/**
 * How far `entry_reference_seq` must stay ahead, as read from the log: the highest reference
 * number the log holds and the position read up to (one row). A sequence restored from an old
 * backup or recreated would otherwise hand out numbers the log already gave to other entries;
 * at start the sequence is moved past `highest`, after reading the log on from `position`.
 */
export const entryReferenceFloor: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('entry_reference_floor', (t) => {
      t.boolean('singleton').primary().defaultTo(true)
      t.bigInteger('highest').notNullable()
      /** A log position (`positionToString`); null for the start of the log. */
      t.text('position')
    })
    await knex.raw(
      'alter table entry_reference_floor add constraint entry_reference_floor_one_row check (singleton)',
    )
  },
  async down(knex) {
    await knex.schema.dropTable('entry_reference_floor')
  },
}
