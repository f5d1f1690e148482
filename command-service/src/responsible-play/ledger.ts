import { spendingMonth } from '@prizes/contracts'
import { assertWithinLimit } from '@prizes/domain'
import type { Knex } from 'knex'

/**
 * The spending ledger (`spending_months`, `spending_holds`): what a user has committed this
 * month, paid or held, read and changed in O(1) per purchase. Reserving locks the user's month
 * row, so two purchases by one user (in any processes) are checked one after the other and
 * cannot both pass a limit that only one of them fits.
 */

export interface HoldRequest {
  readonly userId: string
  readonly competitionId: string
  readonly entryId: string
  readonly amountPence: number
  readonly expiresAt: string
  /** The limit in force; null: none (the hold is still recorded, for the month's total). */
  readonly limitPence: number | null
  readonly now: Date
}

type Db = Knex | Knex.Transaction

/**
 * Spent plus held (unexpired) this month, leaving out the held reservation on `competitionId`:
 * a new reservation there replaces it (the decider releases it in the same append).
 */
async function committed(db: Db, userId: string, month: string, now: Date, exceptCompetition?: string) {
  const spent = await db('spending_months')
    .where({ user_id: userId, month })
    .first<{ spent_pence: string }>('spent_pence')
  const held = await db('spending_holds')
    .where({ user_id: userId, month, state: 'held' })
    .andWhere('expires_at', '>', now)
    .modify((q) => {
      if (exceptCompetition !== undefined) q.andWhereNot({ competition_id: exceptCompetition })
    })
    .sum<{ total: string | null }>({ total: 'amount_pence' })
    .first()
  return Number(spent?.spent_pence ?? 0) + Number(held?.total ?? 0)
}

/** Spent and held this calendar month (Europe/London). */
export function committedThisMonth(knex: Knex, userId: string, now: Date): Promise<number> {
  return committed(knex, userId, spendingMonth(now), now)
}

/**
 * Holds `amountPence` against the month, or refuses with SpendingLimitReached (what is left),
 * before any payment is asked for.
 */
export async function holdSpending(knex: Knex, request: HoldRequest): Promise<void> {
  const { userId, competitionId, entryId, amountPence, expiresAt, limitPence, now } = request
  const month = spendingMonth(now)
  await knex.transaction(async (trx) => {
    await trx('spending_months').insert({ user_id: userId, month }).onConflict(['user_id', 'month']).ignore()
    await trx('spending_months').where({ user_id: userId, month }).forUpdate().select('month')
    assertWithinLimit(limitPence, await committed(trx, userId, month, now, competitionId), amountPence)
    await trx('spending_holds').insert({
      entry_id: entryId,
      user_id: userId,
      competition_id: competitionId,
      month,
      amount_pence: amountPence,
      expires_at: expiresAt,
      state: 'held',
    })
  })
}

/** A reservation that never happened (refused after the hold): its hold goes. */
export async function dropHold(knex: Knex, entryId: string): Promise<void> {
  await knex('spending_holds').where({ entry_id: entryId, state: 'held' }).delete()
}

/** A reservation given up (expired, replaced, failed): no longer counted. Once only. */
export async function releaseHold(knex: Knex, entryId: string): Promise<void> {
  await knex('spending_holds').where({ entry_id: entryId, state: 'held' }).update({ state: 'released' })
}

/**
 * Paid: the amount moves to the month's spending, once. An entry paid after its hold was
 * released still counts (the money was taken); one from before the ledger is recorded in the
 * month it was allocated.
 */
export async function recordSpent(
  knex: Knex,
  entry: {
    readonly entryId: string
    readonly userId: string
    readonly competitionId: string
    readonly amountPence: number
    readonly at: Date
  },
): Promise<void> {
  if (entry.amountPence === 0) return
  await knex.transaction(async (trx) => {
    const month = spendingMonth(entry.at)
    await trx('spending_holds')
      .insert({
        entry_id: entry.entryId,
        user_id: entry.userId,
        competition_id: entry.competitionId,
        month,
        amount_pence: entry.amountPence,
        expires_at: entry.at,
        state: 'released',
      })
      .onConflict('entry_id')
      .ignore()
    const moved = await trx('spending_holds')
      .where({ entry_id: entry.entryId })
      .whereIn('state', ['held', 'released'])
      .update({ state: 'spent' })
      .returning<{ user_id: string; month: string; amount_pence: string }[]>([
        'user_id',
        'month',
        'amount_pence',
      ])
    for (const row of moved) await addToMonth(trx, row.user_id, row.month, Number(row.amount_pence))
  })
}

/** Refunded: the amount leaves the month it was spent in, once. */
export async function recordRefunded(knex: Knex, entryId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    const moved = await trx('spending_holds')
      .where({ entry_id: entryId, state: 'spent' })
      .update({ state: 'refunded' })
      .returning<{ user_id: string; month: string; amount_pence: string }[]>([
        'user_id',
        'month',
        'amount_pence',
      ])
    for (const row of moved) await addToMonth(trx, row.user_id, row.month, -Number(row.amount_pence))
  })
}

async function addToMonth(trx: Knex.Transaction, userId: string, month: string, pence: number) {
  await trx('spending_months')
    .insert({ user_id: userId, month, spent_pence: pence })
    .onConflict(['user_id', 'month'])
    .merge({ spent_pence: trx.raw('spending_months.spent_pence + ?', [pence]) })
}

/** The holds of reservations a new one replaced stop counting now, not when the reactor gets there. */
export async function releaseReplacedHolds(
  knex: Knex,
  events: readonly { readonly type: string; readonly data: unknown }[],
): Promise<void> {
  for (const event of events) {
    if (event.type !== 'ReservationReleased') continue
    const { entryId } = event.data as { readonly entryId: string }
    await releaseHold(knex, entryId)
  }
}
