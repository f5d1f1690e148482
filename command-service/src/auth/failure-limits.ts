import type { RateLimit, RateLimiter, RateLimitVerdict } from '@prizes/platform'

/**
 * Counting failures rather than requests: a bucket is hit when an attempt starts, and the hit is
 * refunded if the attempt turns out not to be a failure (or is refused before it is made). So an
 * attempt under way counts as a failure until it is known not to be one, and a burst of
 * concurrent guesses cannot all slip past a count taken before any of them failed.
 */

export interface FailureBucket {
  readonly key: string
  readonly limit: RateLimit
}

export interface ProvisionalFailures {
  /** Each bucket's verdict, in the order given. */
  readonly verdicts: readonly RateLimitVerdict[]
  /** The attempt was not a failure (it succeeded, failed for another reason, or was refused). */
  refund(): Promise<void>
}

export async function countAsFailure(
  limiter: RateLimiter,
  buckets: readonly FailureBucket[],
  now: Date,
): Promise<ProvisionalFailures> {
  const verdicts = await Promise.all(buckets.map((bucket) => limiter.hit(bucket.key, bucket.limit, now)))
  let refunded = false
  return {
    verdicts,
    async refund() {
      if (refunded) return
      refunded = true
      await Promise.all(buckets.map((bucket) => limiter.refund(bucket.key, bucket.limit, now)))
    },
  }
}

/**
 * Runs the attempt, keeping its failure hits only when `isFailure` says it failed; the attempt's
 * own outcome (value or error) is passed on unchanged.
 */
export async function settle<T>(
  failures: ProvisionalFailures,
  attempt: () => Promise<T>,
  isFailure: (error: unknown) => boolean,
): Promise<T> {
  let result: T
  try {
    result = await attempt()
  } catch (error) {
    if (!isFailure(error)) await failures.refund()
    throw error
  }
  await failures.refund()
  return result
}
