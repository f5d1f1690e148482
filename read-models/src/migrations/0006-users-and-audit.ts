import type { Knex } from 'knex'

/**
 * Users: one row per account, for every screen that names a person (admin entries, winners,
 * the audit trail, the admin users list). Personal fields stay encrypted under the user's own
 * key, exactly as in the log: the query service decrypts them with the key when it reads, so
 * erasing the key erases them here too, at once, and in every backup and rebuild.
 *
 * Competition events gain who did it and why (from the envelope) for the audit trail. The rows
 * already stored lack both, so the table is emptied and its checkpoint removed: the runner
 * rebuilds it from the log on its next start.
 */
export const usersAndAudit: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('users', (t) => {
      t.text('user_id').primary()
      t.text('role').notNullable()
      t.boolean('guest').notNullable()
      t.text('source').notNullable()
      t.boolean('marketing_emails').notNullable()
      t.boolean('email_verified').notNullable()
      t.boolean('banned').notNullable().defaultTo(false)
      /** The encrypted personal fields of the latest registration or profile update; null once erased. */
      t.jsonb('personal')
      t.timestamp('registered_at', { useTz: true }).notNullable()
      t.timestamp('erased_at', { useTz: true })
      t.bigInteger('last_revision').notNullable()
    })
    await knex.schema.alterTable('competition_events', (t) => {
      t.jsonb('actor')
      t.text('reason')
    })
    await knex('competition_events').delete()
    await knex('projection_checkpoints').where({ name: 'competition_events' }).delete()
  },
  async down(knex) {
    await knex.schema.alterTable('competition_events', (t) => {
      t.dropColumn('reason')
      t.dropColumn('actor')
    })
    await knex.schema.dropTable('users')
  },
}
