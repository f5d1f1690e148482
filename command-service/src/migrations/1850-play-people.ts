import type { Knex } from 'knex'

/**
 * Breaks that hold for the person, not one email (issue 23), command-side:
 *
 * - `play_people`: one row per account, with keyed hashes (HMAC, never the clear values) of its
 *   normalised inbox (`mailboxOf`) and, when the date of birth is known, of its name, date of
 *   birth and postcode; and the break its owner took with a proven email, if any. A purchase
 *   and a postal entry look up the rows sharing either hash, through the two indexes: the cost
 *   is the handful of accounts one person has, not the number of accounts.
 */
export const playPeople: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table play_people (
        user_id text primary key,
        inbox_hash text not null,
        details_hash text,
        break_ends_at timestamptz,
        break_permanent boolean not null default false
      );
      create index play_people_inbox on play_people (inbox_hash);
      create index play_people_details on play_people (details_hash) where details_hash is not null;
    `)
  },
  async down(knex) {
    await knex.raw('drop table if exists play_people')
  },
}
