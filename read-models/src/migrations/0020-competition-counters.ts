import type { Knex } from 'knex'

/**
 * Per-competition counters for the admin's entries dialog and audit trail, so a request reads one
 * row rather than counting every entry (a competition may have 100,000) or every event of its
 * stream. Each is owned by the projection of the rows it counts and moved in the same
 * transaction (see `entries/totals.ts` and `competition-events/projection.ts`); the backfill
 * counts what is there once, here.
 */
export const competitionCounters: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('competition_entry_totals', (t) => {
      t.text('competition_id').primary()
      t.integer('entries').notNullable().defaultTo(0)
      t.integer('paid').notNullable().defaultTo(0)
      t.integer('pending').notNullable().defaultTo(0)
      t.bigInteger('revenue_pence').notNullable().defaultTo(0)
      t.bigInteger('tickets_sold').notNullable().defaultTo(0)
    })
    await knex.raw(
      `insert into competition_entry_totals (competition_id, entries, paid, pending, revenue_pence, tickets_sold)
       select competition_id, count(*),
         count(*) filter (where payment_status = 'paid'),
         count(*) filter (where payment_status = 'pending'),
         coalesce(sum(amount_pence) filter (where payment_status = 'paid'), 0),
         coalesce(sum(quantity) filter (where payment_status = 'paid'), 0)
       from entries group by competition_id`,
    )
    await knex.schema.createTable('competition_event_counts', (t) => {
      t.text('competition_id').primary()
      t.bigInteger('events').notNullable().defaultTo(0)
    })
    await knex.raw(
      `insert into competition_event_counts (competition_id, events)
       select competition_id, count(*) from competition_events group by competition_id`,
    )
  },
  async down(knex) {
    await knex.schema.dropTable('competition_event_counts')
    await knex.schema.dropTable('competition_entry_totals')
  },
}
