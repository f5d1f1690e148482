import type { Knex } from 'knex'

/**
 * The monthly spending ledger behind spending limits (issue 14). `spending_months` holds what
 * each user spent (paid, not refunded) per calendar month, Europe/London; its row is what two
 * purchases by the same user lock, so they take turns whichever process serves them.
 * `spending_holds` has one row per paid entry: `held` while its reservation awaits payment
 * (counted until `expires_at`), then `spent`, `released` or `refunded`, each move made once.
 */
export const spendingLedger: Knex.Migration = {
  async up(knex) {
    await knex.raw(`
      create table spending_months (
        user_id text not null,
        month char(7) not null,
        spent_pence bigint not null default 0,
        primary key (user_id, month)
      )
    `)
    await knex.raw(`
      create table spending_holds (
        entry_id text primary key,
        user_id text not null,
        competition_id text not null,
        month char(7) not null,
        amount_pence bigint not null constraint spending_holds_amount check (amount_pence >= 0),
        expires_at timestamptz not null,
        state text not null constraint spending_holds_state
          check (state in ('held', 'spent', 'released', 'refunded'))
      )
    `)
    await knex.raw(
      `create index spending_holds_held_idx on spending_holds (user_id, month) where state = 'held'`,
    )
  },
  async down(knex) {
    await knex.raw('drop table spending_holds')
    await knex.raw('drop table spending_months')
  },
}
