import type { Knex } from 'knex'

/**
 * Issue 23: a draw seed is kept under the commitment its publication makes (sha256 of the seed,
 * hex), and a competition may hold more than one row: on PostgreSQL the row is written in the
 * publication's own transaction, so only the committed one exists; where the store has no
 * transactions (EventStoreDB) the seed is written before the append and never deleted, and the
 * draw reads the row whose commitment the stream holds. Nothing ever deletes a seed that an
 * appended event commits to.
 *
 * A seed is also kept sealed (AES-256-GCM under DRAW_SEED_KEY, 60 bytes: nonce, ciphertext, tag)
 * so that neither the database nor a backup shows it before its reveal; rows written before
 * this are 32 clear bytes, still read (their sha256 is checked against the commitment).
 */
export const drawSeedCommitments: Knex.Migration = {
  async up(knex) {
    await knex.raw('alter table draw_seeds add column commitment text')
    await knex.raw(`update draw_seeds set commitment = encode(sha256(seed), 'hex')`)
    await knex.raw('alter table draw_seeds alter column commitment set not null')
    await knex.raw('alter table draw_seeds drop constraint draw_seeds_pkey')
    await knex.raw('alter table draw_seeds add primary key (competition_id, commitment)')
    await knex.raw('alter table draw_seeds drop constraint draw_seeds_seed_length')
    await knex.raw(
      'alter table draw_seeds add constraint draw_seeds_seed_length check (octet_length(seed) in (32, 60))',
    )
  },
  async down(knex) {
    await knex.raw('alter table draw_seeds drop constraint draw_seeds_seed_length')
    await knex.raw(
      'alter table draw_seeds add constraint draw_seeds_seed_length check (octet_length(seed) = 32)',
    )
    await knex.raw('alter table draw_seeds drop constraint draw_seeds_pkey')
    await knex.raw('alter table draw_seeds drop column commitment')
    await knex.raw('alter table draw_seeds add primary key (competition_id)')
  },
}
