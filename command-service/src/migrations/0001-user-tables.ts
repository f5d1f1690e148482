import type { Knex } from 'knex'

/**
 * The user tables of the command side (DESIGN section 6): what the event log cannot answer or
 * must be able to forget.
 */
export const userTables: Knex.Migration = {
  async up(knex) {
    // One AES key per user; deleting the row is the erasure (crypto-shredding).
    await knex.schema.createTable('user_keys', (t) => {
      t.text('user_id').primary()
      t.text('key_id').notNullable()
      t.binary('key').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
    // The unique-email index, written before the registration is appended. The primary key on
    // the lower-cased email is what makes two registrations of one address impossible.
    await knex.schema.createTable('user_emails', (t) => {
      t.text('email').primary()
      t.text('user_id').notNullable().unique()
      t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    })
    await knex.raw(
      'alter table user_emails add constraint user_emails_lower_case check (email = lower(email))',
    )
    // Finds the user a verification or reset link belongs to; only the token's hash is kept.
    await knex.schema.createTable('user_tokens', (t) => {
      t.text('token_hash').primary()
      t.text('user_id').notNullable().index()
      t.text('purpose').notNullable()
      t.timestamp('expires_at', { useTz: true }).notNullable()
    })
  },
  async down(knex) {
    await knex.schema.dropTable('user_tokens')
    await knex.schema.dropTable('user_emails')
    await knex.schema.dropTable('user_keys')
  },
}
