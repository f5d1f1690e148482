import { creditCardMonthlyLimitPence } from '@prizes/contracts'
import type { Knex } from 'knex'

/**
 * The monthly credit card ledger (issue 14 item 4): per person and calendar month in
 * Europe/London, the credit card money held for a capture or taken. Command-side bookkeeping in
 * `credit_card_months` and `credit_card_payments` (migration 1700); the competition stream
 * records what it meant for the entry.
 *
 * Reserving is a conditional UPDATE of the month's row (`spent + amount <= limit`), so two
 * payments at once take turns on the row and the second sees the first's amount. Each payment
 * intent is counted once: its row's primary key makes a repeat, or the webhook racing the
 * browser's confirm, find the first answer instead of counting again.
 */

const months = 'credit_card_months'
const payments = 'credit_card_payments'

export type CreditHoldStatus = 'held' | 'captured' | 'refused' | 'released' | 'refunded'

export interface CreditHold {
  readonly paymentIntentId: string
  readonly status: CreditHoldStatus
  readonly amountPence: number
  /** What is left this month: after this payment when held, at the refusal when refused. */
  readonly remainingPence: number
  readonly month: string
}

interface PaymentRow {
  payment_intent_id: string
  user_id: string
  month: string
  amount_pence: number
  status: CreditHoldStatus
  remaining_pence: number
}

const toHold = (row: PaymentRow): CreditHold => ({
  paymentIntentId: row.payment_intent_id,
  status: row.status,
  amountPence: row.amount_pence,
  remainingPence: row.remaining_pence,
  month: row.month,
})

const londonMonth = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
})

/** The calendar month in Europe/London, `YYYY-MM`: 23:30 UTC on 31 May in summer is June. */
export function creditCardMonth(now: Date): string {
  const parts = londonMonth.formatToParts(now)
  const year = parts.find((p) => p.type === 'year')?.value
  const month = parts.find((p) => p.type === 'month')?.value
  if (!year || !month) throw new Error(`No month for ${now.toISOString()}`)
  return `${year}-${month}`
}

/**
 * Holds `amountPence` of the user's monthly credit card limit for the intent, or refuses it if
 * it would pass the limit. Asked again for the same intent, answers the first decision.
 */
export async function holdCredit(
  knex: Knex,
  input: {
    readonly paymentIntentId: string
    readonly userId: string
    readonly amountPence: number
    readonly now: Date
    readonly limitPence?: number
  },
): Promise<CreditHold> {
  const limit = input.limitPence ?? creditCardMonthlyLimitPence
  const month = creditCardMonth(input.now)
  return knex.transaction(async (trx) => {
    // The intent's row first: a second caller for the same intent waits here, then finds it.
    const [mine] = await trx<PaymentRow>(payments)
      .insert({
        payment_intent_id: input.paymentIntentId,
        user_id: input.userId,
        month,
        amount_pence: input.amountPence,
        status: 'held',
        remaining_pence: 0,
      })
      .onConflict('payment_intent_id')
      .ignore()
      .returning('*')
    if (!mine) {
      const first = await trx<PaymentRow>(payments)
        .where({ payment_intent_id: input.paymentIntentId })
        .first()
      if (!first) throw new Error(`The credit card hold of ${input.paymentIntentId} vanished`)
      return toHold(first)
    }
    await trx(months)
      .insert({ user_id: input.userId, month, spent_pence: 0 })
      .onConflict(['user_id', 'month'])
      .ignore()
    // Waits for a concurrent payment's update of the row, then checks against its total.
    const taken = await trx.raw<{ rows: { spent_pence: number }[] }>(
      `update ${months} set spent_pence = spent_pence + :amount
        where user_id = :userId and month = :month and spent_pence + :amount <= :limit
        returning spent_pence`,
      { amount: input.amountPence, userId: input.userId, month, limit },
    )
    const spent = taken.rows[0]?.spent_pence
    if (spent !== undefined) {
      const [held] = await trx<PaymentRow>(payments)
        .where({ payment_intent_id: input.paymentIntentId })
        .update({ remaining_pence: limit - spent })
        .returning('*')
      if (!held) throw new Error(`The credit card hold of ${input.paymentIntentId} vanished`)
      return toHold(held)
    }
    const current = await trx(months).where({ user_id: input.userId, month }).first<{ spent_pence: number }>()
    const [refused] = await trx<PaymentRow>(payments)
      .where({ payment_intent_id: input.paymentIntentId })
      .update({ status: 'refused', remaining_pence: Math.max(0, limit - (current?.spent_pence ?? 0)) })
      .returning('*')
    if (!refused) throw new Error(`The credit card hold of ${input.paymentIntentId} vanished`)
    return toHold(refused)
  })
}

/** The held amount was taken. */
export async function markCreditCaptured(knex: Knex, paymentIntentId: string): Promise<void> {
  await knex(payments)
    .where({ payment_intent_id: paymentIntentId, status: 'held' })
    .update({ status: 'captured', updated_at: knex.fn.now() })
}

/**
 * Gives the intent's amount back to its month: the hold was never captured (`released`) or the
 * payment was refunded (`refunded`). Once per intent; nothing for an intent never counted.
 */
export async function giveCreditBack(
  knex: Knex,
  paymentIntentId: string,
  why: 'released' | 'refunded',
): Promise<void> {
  await knex.transaction(async (trx) => {
    const row = await trx<PaymentRow>(payments)
      .where({ payment_intent_id: paymentIntentId })
      .forUpdate()
      .first()
    if (!row || (row.status !== 'held' && row.status !== 'captured')) return
    await trx(months)
      .where({ user_id: row.user_id, month: row.month })
      .update({ spent_pence: trx.raw('greatest(0, spent_pence - ?)', [row.amount_pence]) })
    await trx(payments)
      .where({ payment_intent_id: paymentIntentId })
      .update({ status: why, updated_at: trx.fn.now() })
  })
}

/** The ledger's row for an intent, if it was ever counted or refused. */
export async function creditHoldOf(knex: Knex, paymentIntentId: string): Promise<CreditHold | undefined> {
  const row = await knex<PaymentRow>(payments).where({ payment_intent_id: paymentIntentId }).first()
  return row ? toHold(row) : undefined
}

/** What the user has taken by credit card in the month of `now`, in pence. */
export async function creditSpentIn(knex: Knex, userId: string, now: Date): Promise<number> {
  const row = await knex(months)
    .where({ user_id: userId, month: creditCardMonth(now) })
    .first<{ spent_pence: number } | undefined>()
  return row?.spent_pence ?? 0
}
