import type { Knex } from 'knex'

export interface RateLimit {
  /** Requests allowed per window. */
  readonly max: number
  readonly windowMs: number
}

export interface RateLimitVerdict {
  readonly allowed: boolean
  /** Requests counted in the current window, this one included. */
  readonly count: number
  /** Whole seconds until the window ends, for `Retry-After`. */
  readonly retryAfterSeconds: number
}

/** Fixed-window counters. Every instance counts in the same table, so limits hold across them. */
export interface RateLimiter {
  hit(bucket: string, limit: RateLimit, now: Date): Promise<RateLimitVerdict>
  /**
   * Takes back one hit made at `now` (the same instant, so the same window). Counting failures
   * hits first and refunds what turned out not to be one: attempts still under way count, so
   * a burst of concurrent guesses cannot all pass a check made before any of them failed.
   */
  refund(bucket: string, limit: RateLimit, now: Date): Promise<void>
}

/** How often (in hits, per instance) finished windows are swept away. */
const sweepEvery = 500
/** Longer than any window we use, so only finished windows are swept. */
const keepMs = 24 * 60 * 60 * 1000

const windowStartOf = (now: Date, limit: RateLimit) =>
  Math.floor(now.getTime() / limit.windowMs) * limit.windowMs

export function createKnexRateLimiter(knex: Knex): RateLimiter {
  let hits = 0
  return {
    async hit(bucket, limit, now) {
      const windowStart = windowStartOf(now, limit)
      // One statement: concurrent hits on one bucket each get their own count, never a lost update.
      const result = await knex.raw<{ rows: { count: number }[] }>(
        `insert into rate_limits (bucket, window_start, count) values (?, ?, 1)
         on conflict (bucket, window_start) do update set count = rate_limits.count + 1
         returning count`,
        [bucket, new Date(windowStart)],
      )
      const count = Number(result.rows[0]?.count ?? 1)
      hits += 1
      if (hits % sweepEvery === 0) {
        await knex('rate_limits')
          .where('window_start', '<', new Date(now.getTime() - keepMs))
          .delete()
      }
      return {
        allowed: count <= limit.max,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + limit.windowMs - now.getTime()) / 1000)),
      }
    },
    async refund(bucket, limit, now) {
      await knex('rate_limits')
        .where({ bucket, window_start: new Date(windowStartOf(now, limit)) })
        .andWhere('count', '>', 0)
        .decrement('count', 1)
    },
  }
}
