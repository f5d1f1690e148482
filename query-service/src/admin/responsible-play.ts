import {
  type AdminResponsiblePlay,
  breakPeriodLabels,
  defaultSpendingAlertPence,
  formatPence,
  formatUkMoment,
  maxCappedCompetitionsShown,
  userEvents,
} from '@prizes/contracts'
import type { CompetitionRow, EntryRow, UserResponsiblePlayRow } from '@prizes/read-models'
import type { Knex } from 'knex'
import { penceToPounds } from '../competitions/mapper'

/**
 * Oversight (issue 14 item 7): each listed user's limit, pending increase and break (one indexed
 * row each), and what they paid in the last 30 days (paid entries by user and time,
 * `entries_user_paid_at_idx`), against the spending alert threshold, and the competitions in
 * which they hold as many tickets (paid and postal, not refunded) as the competition's cap per
 * person (their paid entries, `entries_user_idx`, summed per competition). A page asks for its
 * ten users and no more.
 */

const day = 24 * 60 * 60 * 1000

type StandingRow = Omit<UserResponsiblePlayRow, 'last_revision'>

/** The threshold in force: the newest change, else the default. */
export async function spendingAlertThreshold(knex: Knex): Promise<number> {
  const row = await knex('spending_alert_changes')
    .orderBy('revision', 'desc')
    .first<{ threshold_pence: number } | undefined>('threshold_pence')
  return row?.threshold_pence ?? defaultSpendingAlertPence
}

/** A competition whose cap a user reached: its id and title, its cap, and the user. */
type CappedRow = Pick<EntryRow, 'user_id'> & Pick<CompetitionRow, 'id' | 'title'> & { readonly cap: number }

/** Each user's competitions whose cap they reached, newest competition first. */
async function capsReached(knex: Knex, userIds: readonly string[]): Promise<Map<string, CappedRow[]>> {
  const rows = await knex('entries as e')
    .join('competitions as c', 'c.id', 'e.competition_id')
    .whereIn('e.user_id', userIds)
    .where('e.payment_status', 'paid')
    .groupBy('e.user_id', 'c.id')
    .havingRaw('sum(e.quantity) >= c.max_entries_per_person')
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'asc' },
    ])
    .select<CappedRow[]>('e.user_id', 'c.id', 'c.title', 'c.max_entries_per_person as cap')
  const byUser = new Map<string, CappedRow[]>()
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row])
  return byUser
}

export async function responsiblePlayOf(
  knex: Knex,
  userIds: readonly string[],
  now: Date,
  options: { readonly listCapped?: boolean } = {},
): Promise<Map<string, AdminResponsiblePlay>> {
  const found = new Map<string, AdminResponsiblePlay>()
  if (userIds.length === 0) return found
  const since = new Date(now.getTime() - 30 * day)
  const [standings, spending, threshold, capped] = await Promise.all([
    knex('user_responsible_play').whereIn('user_id', userIds).select<StandingRow[]>(),
    knex('entries')
      .whereIn('user_id', userIds)
      .where('payment_status', 'paid')
      .where('paid_at', '>', since)
      .groupBy('user_id')
      .select<{ user_id: string; spent: string }[]>('user_id', knex.raw('sum(amount_pence) as spent')),
    spendingAlertThreshold(knex),
    capsReached(knex, userIds),
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
      held_for_review: row?.held_for_review ?? false,
      spent_last_30_days: penceToPounds(spentPence),
      over_threshold: spentPence > threshold,
      caps_reached: capped.get(userId)?.length ?? 0,
      ...(options.listCapped
        ? {
            capped_competitions: (capped.get(userId) ?? [])
              .slice(0, maxCappedCompetitionsShown)
              .map(({ id, title, cap }) => ({ id, title, cap })),
          }
        : {}),
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
    case 'AccountHeldForReview':
      return 'Held for review: the name, date of birth and postcode match a person on a break'
    case 'AccountReviewCleared':
      return 'Cleared by an admin after review: may enter competitions'
    case 'UnconfirmedPlayDropped':
      return 'Finished setting up the account from the emailed link: the limit and break set before the email was confirmed were dropped'
    default:
      return type
  }
}
