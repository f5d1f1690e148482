import { z } from 'zod'

/** The revenue chart covers this many UTC days, today included. */
export const analyticsDays = 30
/** The competitions chart names at most this many competitions; the rest are summed as Other. */
export const analyticsTopCompetitions = 10

const count = z.number().int().nonnegative()
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/**
 * The admin Analytics tab's charts, from the read models. `revenue_by_day` has one row per UTC day
 * of the last thirty, oldest first, every day present (zero when nothing was taken): money in
 * pounds taken on that day less refunds made on that day, so it sums to the stats' `last_30d`.
 * `tickets_by_competition` is the competitions with the most tickets sold (allocated), most first,
 * and `other` sums the tickets of the rest; tickets stay sold after a refund.
 */
export const adminAnalyticsResponse = z.object({
  success: z.literal(true),
  analytics: z.object({
    from: isoDay,
    to: isoDay,
    revenue_by_day: z.array(z.object({ day: isoDay, revenue: z.number() })).length(analyticsDays),
    tickets_by_competition: z
      .array(z.object({ competition_id: z.string(), title: z.string(), tickets: count }))
      .max(analyticsTopCompetitions),
    other: z.object({ competitions: count, tickets: count }),
  }),
})
export type AdminAnalyticsResponse = z.infer<typeof adminAnalyticsResponse>
export type AdminAnalytics = AdminAnalyticsResponse['analytics']
