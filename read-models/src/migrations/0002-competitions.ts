import { competitionStatuses } from '@prizes/contracts'
import type { Knex } from 'knex'

/** The competitions read model: one row per competition, shaped for the public and admin lists. */
export const competitions: Knex.Migration = {
  async up(knex) {
    await knex.schema.createTable('competitions', (t) => {
      t.text('id').primary()
      t.text('title').notNullable()
      t.text('description').notNullable()
      t.text('prize').notNullable()
      t.bigInteger('prize_value_pence').notNullable()
      t.integer('entry_price_pence').notNullable()
      t.integer('total_tickets').notNullable()
      t.integer('sold_tickets').notNullable().defaultTo(0)
      t.text('location').notNullable()
      t.timestamp('start_date', { useTz: true }).notNullable()
      t.timestamp('end_date', { useTz: true }).notNullable()
      t.enu('status', [...competitionStatuses], {
        useNative: false,
        enumName: 'competition_status',
      }).notNullable()
      t.boolean('featured').notNullable().defaultTo(false)
      t.text('image_url')
      t.timestamp('drawn_at', { useTz: true })
      /** Includes the correct answer: only admin mappers may read it out. */
      t.jsonb('skill_question').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable()
      /** Stream revision of the last event applied; older or equal events are replays. */
      t.bigInteger('last_revision').notNullable()
    })
    await knex.schema.alterTable('competitions', (t) => {
      t.index(['status', 'featured', 'end_date'], 'competitions_listing_idx')
    })
  },
  async down(knex) {
    await knex.schema.dropTable('competitions')
  },
}
