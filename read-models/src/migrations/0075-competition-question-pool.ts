import type { Knex } from 'knex'

/**
 * Issue 24: the rest of a competition's pool of skill questions (after `skill_question`), for the
 * admin form to edit. Null on rows written before it: a pool of one.
 */
export const competitionQuestionPool: Knex.Migration = {
  async up(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.jsonb('extra_skill_questions')
    })
  },
  async down(knex) {
    await knex.schema.alterTable('competitions', (t) => {
      t.dropColumn('extra_skill_questions')
    })
  },
}
