import { type AdminAnalytics, analyticsDays, analyticsTopCompetitions } from '@prizes/contracts'
import type { Knex } from 'knex'

const dayMs = 86_400_000

const isoDay = (date: Date): string => date.toISOString().slice(0, 10)

/**
 * The Analytics tab's charts from the read models: thirty rows of the stats' daily counters
 * (missing days are zero) and the top competitions by tickets sold through an index, with the
 * rest summed. Neither reads an entry, so the cost does not grow with the number of entries.
 */
export async function platformAnalytics(knex: Knex, now: Date): Promise<AdminAnalytics> {
  const days = Array.from({ length: analyticsDays }, (_, i) =>
    isoDay(new Date(now.getTime() - (analyticsDays - 1 - i) * dayMs)),
  )
  const from = days[0] as string
  const to = days[days.length - 1] as string
  const daily: { day: string; revenue_pence: string | number }[] = await knex('stats_daily')
    .whereBetween('day', [from, to])
    .select(knex.raw("to_char(day, 'YYYY-MM-DD') as day"), 'revenue_pence')
  const pence = new Map(daily.map((row) => [row.day, Number(row.revenue_pence)]))

  const selling = () => knex('competitions').whereNull('deleted_at').where('sold_tickets', '>', 0)
  const top: { id: string; title: string; sold_tickets: number }[] = await selling()
    .orderBy([
      { column: 'sold_tickets', order: 'desc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(analyticsTopCompetitions)
    .select('id', 'title', 'sold_tickets')
  const [all] = await selling().select(
    knex.raw('count(*)::int as competitions'),
    knex.raw('coalesce(sum(sold_tickets), 0)::bigint as tickets'),
  )
  const shownTickets = top.reduce((sum, row) => sum + row.sold_tickets, 0)

  return {
    from,
    to,
    revenue_by_day: days.map((day) => ({ day, revenue: (pence.get(day) ?? 0) / 100 })),
    tickets_by_competition: top.map((row) => ({
      competition_id: row.id,
      title: row.title,
      tickets: row.sold_tickets,
    })),
    other: {
      competitions: Number(all?.competitions ?? 0) - top.length,
      tickets: Number(all?.tickets ?? 0) - shownTickets,
    },
  }
}
