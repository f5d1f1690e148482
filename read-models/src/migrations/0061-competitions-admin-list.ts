import type { Knex } from 'knex'

/**
 * The admin competitions list reads ten rows a page in the listing's order (featured first, then
 * the soonest to end, then the id), deleted ones left out: `competitions_admin_list_idx` serves
 * that order, so a page reads its rows and no more. Its search matches any part of the title in
 * any case; a trigram index (pg_trgm, a trusted extension shipped with PostgreSQL) finds the
 * matching titles without reading every one.
 */
export const competitionsAdminList: Knex.Migration = {
  async up(knex) {
    await knex.raw(
      'create index competitions_admin_list_idx on competitions (featured desc, end_date, id) where deleted_at is null',
    )
    await knex.raw('create extension if not exists pg_trgm')
    await knex.raw(
      'create index competitions_title_search_idx on competitions using gin (title gin_trgm_ops) where deleted_at is null',
    )
  },
  async down(knex) {
    await knex.raw('drop index competitions_title_search_idx')
    await knex.raw('drop index competitions_admin_list_idx')
  },
}
