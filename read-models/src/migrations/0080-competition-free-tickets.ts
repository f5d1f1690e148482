import type { Knex } from 'knex'

/**
 * Issue 24: of the tickets sold, how many were free (postal entries, and any allocation that took
 * no money), so each competition's page states its paid and free entries. Filled in once from the
 * entries already allocated; the projection keeps it from then on (a rebuild recounts it).
 */
export const competitionFreeTickets: Knex.Migration = {
  async up(knex) {
    await knex.raw('alter table competitions add column free_tickets integer not null default 0')
    await knex.raw(`update competitions c set free_tickets = free.tickets
      from (select competition_id, sum(cardinality(ticket_numbers))::integer as tickets from entries
            where amount_pence = 0 and paid_at is not null group by competition_id) free
      where free.competition_id = c.id`)
  },
  async down(knex) {
    await knex.raw('alter table competitions drop column free_tickets')
  },
}
