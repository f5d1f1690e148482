import type { Knex } from 'knex'

/**
 * The public draw certificate (issue 10, finding 6): what anyone needs to re-run a draw, kept
 * apart from the events, which name every entrant's user and payment. One row per competition
 * (the commitment, the seal, the draw) and one per allocated entry (its reference, its tickets and
 * whether they are on the sealed list). The projection is new, so it fills these from the start
 * of the log on its first run.
 */
export const drawCertificates: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('draw_certificates', (t) => {
      t.text('competition_id').primary()
      t.text('seed_commitment')
      t.integer('list_version')
      t.integer('eligible_tickets')
      t.text('list_hash')
      t.jsonb('randomness')
      t.timestamp('closed_at', { useTz: true })
      t.text('seed')
      t.jsonb('public_randomness')
      t.integer('winning_ticket')
      t.integer('attempts')
      t.timestamp('drawn_at', { useTz: true })
    })
    await knex.schema.createTable('draw_certificate_entries', (t) => {
      t.text('competition_id').notNullable()
      t.text('entry_id').notNullable()
      t.text('entry_reference').notNullable()
      t.specificType('ticket_numbers', 'integer[]').notNullable()
      t.integer('first_ticket').notNullable()
      /** A correct answer, not refunded before the close: on the sealed list. */
      t.boolean('eligible').notNullable()
      t.primary(['competition_id', 'entry_id'])
      t.index(['competition_id', 'first_ticket'], 'draw_certificate_entries_list_idx')
    })
  },
  async down(knex) {
    await knex.schema.dropTable('draw_certificate_entries')
    await knex.schema.dropTable('draw_certificates')
  },
}
