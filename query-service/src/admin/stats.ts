import type { AdminStatsResponse } from '@prizes/contracts'
import type { Knex } from 'knex'

const dayMs = 86_400_000

/** Percent to one decimal; zero when there is nothing to divide by. */
const percentOf = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10

const pounds = (pence: number): number => Math.round(pence) / 100

/**
 * The platform stats from the stats read model: one totals row, the last thirty days of daily
 * counters, and a count over competitions (which are few; deleted ones are left out).
 */
export async function platformStats(knex: Knex, now: Date): Promise<AdminStatsResponse['stats']> {
  const today = now.toISOString().slice(0, 10)
  const from = new Date(now.getTime() - 29 * dayMs).toISOString().slice(0, 10)
  const totals = await knex('stats_totals').where({ id: 1 }).first()
  const [window] = await knex('stats_daily')
    .whereBetween('day', [from, today])
    .select(
      knex.raw('coalesce(sum(new_users), 0)::int as new_users'),
      knex.raw('coalesce(sum(revenue_pence), 0)::bigint as revenue_pence'),
      knex.raw('coalesce(sum(entries_created) filter (where day = ?), 0)::int as entries_today', [today]),
    )
  const [competitions] = await knex('competitions')
    .whereNull('deleted_at')
    .select(
      knex.raw('count(*)::int as total'),
      knex.raw("count(*) filter (where status = 'active')::int as active"),
      knex.raw('count(*) filter (where featured)::int as featured'),
    )
  const n = (value: unknown) => Number(value ?? 0)
  const users = n(totals?.users)
  const verified = n(totals?.verified)
  const entries = n(totals?.entries)
  const paid = n(totals?.paid)
  const revenue = n(totals?.revenue_pence)
  return {
    users: {
      total: users,
      new_30d: n(window?.new_users),
      verified,
      verification_rate: percentOf(verified, users),
    },
    competitions: {
      total: n(competitions?.total),
      active: n(competitions?.active),
      featured: n(competitions?.featured),
    },
    entries: {
      total: entries,
      paid,
      pending: n(totals?.pending),
      today: n(window?.entries_today),
      conversion_rate: percentOf(paid, entries),
    },
    revenue: {
      total: pounds(revenue),
      last_30d: pounds(n(window?.revenue_pence)),
      average_entry: paid === 0 ? 0 : pounds(revenue / paid),
    },
  }
}
