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
   * Several distinct buckets hit at once, in one statement (one round trip, one transaction):
   * the verdicts in the order of `hits`, each as `hit` would give it.
   */
  hitAll(
    hits: readonly { readonly bucket: string; readonly limit: RateLimit }[],
    now: Date,
  ): Promise<RateLimitVerdict[]>
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
  async function hitAll(
    many: readonly { readonly bucket: string; readonly limit: RateLimit }[],
    now: Date,
  ): Promise<RateLimitVerdict[]> {
    if (new Set(many.map((h) => h.bucket)).size !== many.length) {
      throw new Error('hitAll takes distinct buckets')
    }
    const windowStarts = many.map((h) => windowStartOf(now, h.limit))
    // One statement: concurrent hits on one bucket each get their own count, never a lost update;
    // rows taken in bucket order, so two statements sharing buckets never wait on each other in a cycle.
    const rows = many.map((h, i) => ({ bucket: h.bucket, window_start: new Date(windowStarts[i] ?? 0) }))
    const result = await knex.raw<{ rows: { bucket: string; count: number }[] }>(
      `insert into rate_limits (bucket, window_start, count)
       select bucket, window_start, 1
       from jsonb_to_recordset(?::jsonb) as h(bucket text, window_start timestamptz)
       order by bucket
       on conflict (bucket, window_start) do update set count = rate_limits.count + 1
       returning bucket, count`,
      [JSON.stringify(rows)],
    )
    const counts = new Map(result.rows.map((row) => [row.bucket, Number(row.count)]))
    hits += many.length
    if (hits >= sweepEvery) {
      hits = 0
      await knex('rate_limits')
        .where('window_start', '<', new Date(now.getTime() - keepMs))
        .delete()
    }
    return many.map((h, i) => {
      const windowStart = windowStarts[i] ?? windowStartOf(now, h.limit)
      return {
        allowed: (counts.get(h.bucket) ?? 1) <= h.limit.max,
        count: counts.get(h.bucket) ?? 1,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + h.limit.windowMs - now.getTime()) / 1000)),
      }
    })
  }
  return {
    async hit(bucket, limit, now) {
      const [verdict] = await hitAll([{ bucket, limit }], now)
      if (!verdict) throw new Error(`No count for rate limit bucket ${bucket}`)
      return verdict
    },
    hitAll,
    async refund(bucket, limit, now) {
      await knex('rate_limits')
        .where({ bucket, window_start: new Date(windowStartOf(now, limit)) })
        .andWhere('count', '>', 0)
        .decrement('count', 1)
    },
  }
}
