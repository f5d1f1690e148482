import type { Knex } from 'knex'

/**
 * Issue 14, fair play: how each entry came (`online` or `postal`, with the day a postal one was
 * received), and each competition's cap on entries per person (100 for those made before caps,
 * as the domain reads them).
 */
export const postalEntriesAndCaps: Knex.Migration = {
  async up(knex) {
    await knex.raw(`alter table entries add column entry_method text not null default 'online'
      check (entry_method in ('online', 'postal'))`)
    await knex.raw('alter table entries add column received_at timestamptz')
    await knex.raw('alter table competitions add column max_entries_per_person integer not null default 100')
  },
  async down(knex) {
    await knex.raw('alter table competitions drop column max_entries_per_person')
    await knex.raw('alter table entries drop column received_at')
    await knex.raw('alter table entries drop column entry_method')
  },
}
