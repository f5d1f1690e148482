import {
  type AdminResponsiblePlay,
  breakPeriodLabels,
  defaultSpendingAlertPence,
  formatPence,
  formatUkMoment,
  userEvents,
} from '@prizes/contracts'
import type { Knex } from 'knex'
import { penceToPounds } from '../competitions/mapper'

/**
 * Oversight (issue 14 item 7): each listed user's limit, pending increase and break (one indexed
 * row each), and what they paid in the last 30 days (paid entries by user and time,
 * `entries_user_paid_at_idx`), against the spending alert threshold. A page asks for its ten
 * users and no more.
 */

const day = 24 * 60 * 60 * 1000

interface StandingRow {
  readonly user_id: string
  readonly limit_pence: number | null
  readonly pending: boolean
  readonly pending_limit_pence: number | null
  readonly pending_effective_at: Date | null
  readonly break_ends_at: Date | null
  readonly break_permanent: boolean
}

/** The threshold in force: the newest change, else the default. */
export async function spendingAlertThreshold(knex: Knex): Promise<number> {
  const row = await knex('spending_alert_changes')
    .orderBy('revision', 'desc')
    .first<{ threshold_pence: number } | undefined>('threshold_pence')
  return row?.threshold_pence ?? defaultSpendingAlertPence
}

export async function responsiblePlayOf(
  knex: Knex,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, AdminResponsiblePlay>> {
  const found = new Map<string, AdminResponsiblePlay>()
  if (userIds.length === 0) return found
  const since = new Date(now.getTime() - 30 * day)
  const [standings, spending, threshold] = await Promise.all([
    knex('user_responsible_play').whereIn('user_id', userIds).select<StandingRow[]>(),
    knex('entries')
      .whereIn('user_id', userIds)
      .where('payment_status', 'paid')
      .where('paid_at', '>', since)
      .groupBy('user_id')
      .select<{ user_id: string; spent: string }[]>('user_id', knex.raw('sum(amount_pence) as spent')),
    spendingAlertThreshold(knex),
  ])
  const byUser = new Map(standings.map((row) => [row.user_id, row]))
  const spent = new Map(spending.map((row) => [row.user_id, Number(row.spent)]))
  for (const userId of userIds) {
    const row = byUser.get(userId)
    const spentPence = spent.get(userId) ?? 0
    const pendingInForce = row?.pending && row.pending_effective_at && row.pending_effective_at <= now
    const limitPence = pendingInForce ? (row.pending_limit_pence ?? null) : (row?.limit_pence ?? null)
    const onBreak = row?.break_ends_at && row.break_ends_at > now ? row.break_ends_at : null
    found.set(userId, {
      monthly_limit: limitPence === null ? null : penceToPounds(limitPence),
      pending_limit:
        row?.pending && row.pending_effective_at && !pendingInForce
          ? {
              amount: row.pending_limit_pence === null ? null : penceToPounds(row.pending_limit_pence),
              effective_at: row.pending_effective_at.toISOString(),
            }
          : null,
      break_until: onBreak ? onBreak.toISOString() : null,
      break_permanent: row?.break_permanent ?? false,
      spent_last_30_days: penceToPounds(spentPence),
      over_threshold: spentPence > threshold,
    })
  }
  return found
}

/** One line of English per change, for the user's audit trail. */
export function summaryOf(type: string, data: unknown): string {
  switch (type) {
    case 'SpendingLimitSet': {
      const parsed = userEvents.SpendingLimitSet.parse(data)
      return `Set a monthly spending limit of ${formatPence(parsed.limitPence)} (${parsed.prompt})`
    }
    case 'SpendingLimitIncreaseRequested': {
      const parsed = userEvents.SpendingLimitIncreaseRequested.parse(data)
      const what =
        parsed.limitPence === null
          ? 'remove the monthly limit'
          : `raise the monthly limit to ${formatPence(parsed.limitPence)}`
      return `Asked to ${what} from ${formatUkMoment(parsed.effectiveAt)} (${formatPence(parsed.currentLimitPence)} until then)`
    }
    case 'SpendingLimitSkipped':
      return `Chose no monthly limit (${userEvents.SpendingLimitSkipped.parse(data).prompt})`
    case 'BreakTaken': {
      const parsed = userEvents.BreakTaken.parse(data)
      return parsed.endsAt === null
        ? 'Excluded themselves permanently'
        : `Took a break of ${breakPeriodLabels[parsed.period]} until ${formatUkMoment(parsed.endsAt)}`
    }
    default:
      return type
  }
}
