import type { Knex } from 'knex'

/**
 * Issue 23: an account whose name, date of birth and postcode match a person on a break is held
 * for review until an admin clears it; the admin Users tab marks it.
 */
export const heldForReview: Knex.Migration = {
  async up(knex) {
    await knex.raw(
      'alter table user_responsible_play add column held_for_review boolean not null default false',
    )
  },
  async down(knex) {
    await knex.raw('alter table user_responsible_play drop column held_for_review')
  },
}
