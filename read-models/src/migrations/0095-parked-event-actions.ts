import type { Knex } from 'knex'

/**
 * The admins' actions on parked events (issue 23) as a read model: one row per retry or
 * resolution, keyed by its place in its `parked-event-…` stream, with who did it, when and why.
 */
export const parkedEventActions: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('parked_event_actions', (t) => {
      t.text('stream_id').notNullable()
      t.bigInteger('revision').notNullable()
      t.primary(['stream_id', 'revision'])
      t.text('parked_event_id').notNullable()
      t.text('consumer').notNullable()
      t.text('event_id').notNullable()
      t.text('event_type').notNullable()
      t.text('event_stream_id').notNullable()
      /** `retried` or `resolved`. */
      t.text('action').notNullable()
      /** A retry's `handled` or `failed`; null for a resolution. */
      t.text('outcome')
      t.text('failure')
      t.timestamp('occurred_at', { useTz: true }).notNullable().index()
      t.jsonb('actor')
      t.text('reason')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('parked_event_actions')
  },
}
