import type { Knex } from 'knex'

/**
 * The admin users list. It walks accounts newest first, ten at a time, skipping the erased:
 * `users_admin_list_idx` serves that order, so a page reads its rows and no more. Its search
 * finds accounts through `user_search_terms`, a blind index of keyed hashes of name and email
 * prefixes (see `searchTermsOf`), since the names themselves are stored only encrypted.
 */
export const usersAdminList: Knex.Migration = {
  async up(knex) {
    await knex.raw(
      'create index users_admin_list_idx on users (registered_at desc, user_id) where erased_at is null',
    )
    await knex.schema.createTable('user_search_terms', (t) => {
      t.text('term').notNullable()
      t.text('user_id').notNullable()
      t.primary(['term', 'user_id'])
      t.index(['user_id'], 'user_search_terms_user_idx')
    })
    // The users already projected have no terms: rebuild the users projection from the log.
    await knex('users').delete()
    await knex('projection_checkpoints').where({ name: 'users' }).delete()
  },
  async down(knex) {
    await knex.schema.dropTable('user_search_terms')
    await knex.raw('drop index users_admin_list_idx')
  },
}
