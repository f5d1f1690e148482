import type { Knex } from 'knex'

/**
 * What a projection is doing, for `/api/health` in any service: the event types it handles (so
 * lag is one filtered read of the log from its position) and, when it is stuck, the event it
 * could not store and why. A projection gets its row when it starts, before it has a position:
 * a null position means it starts from the beginning of the log.
 */
export const projectionStatus: Knex.Migration = {
  async up(knex) {
    await knex.schema.alterTable('projection_checkpoints', (t) => {
      t.text('position').nullable().alter()
      t.specificType('handles', 'text[]')
      t.text('failed_position')
      t.text('failed_event_id')
      t.text('failed_type')
      t.text('failed_error')
      t.timestamp('failed_at', { useTz: true })
    })
  },
  async down(knex) {
    await knex('projection_checkpoints').whereNull('position').delete()
    await knex.schema.alterTable('projection_checkpoints', (t) => {
      t.dropColumns(
        'failed_at',
        'failed_error',
        'failed_type',
        'failed_event_id',
        'failed_position',
        'handles',
      )
      t.text('position').notNullable().alter()
    })
  },
}
