import type { Knex } from 'knex'

/**
 * Where each account has signed in (or reset its password) before, by keyed hashes of the
 * email and the client address, so the table holds neither in clear. Once an email draws too
 * many wrong passwords from everywhere, only these addresses may keep trying (`login-guard.ts`).
 */
export const signInAddresses: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('sign_in_addresses', (t) => {
      t.text('email_hash').notNullable()
      t.text('address_hash').notNullable()
      t.timestamp('last_seen_at', { useTz: true }).notNullable()
      t.primary(['email_hash', 'address_hash'])
      t.index(['last_seen_at'], 'sign_in_addresses_last_seen_idx')
    })
  },
  async down(knex) {
    await knex.schema.dropTable('sign_in_addresses')
  },
}
