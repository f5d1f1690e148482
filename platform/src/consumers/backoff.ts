/** Delay before retry number `attempt` (0-based): doubling from `initialMs`, capped at `maxMs`. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30))
}

/** Resolves after `ms`, or as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

export interface RetryOptions {
  readonly signal: AbortSignal
  /** The wait after failed attempt number `attempt` (0-based). */
  readonly delayMs: (attempt: number) => number
  /** Told of each failure before the wait: to log it, to record it. */
  readonly onFailure: (error: unknown, attempt: number, delayMs: number) => void | Promise<void>
  /** Told when a step succeeds after `attempts` failures. */
  readonly onRecovered?: (attempts: number) => void
}

/**
 * Runs `step` until it succeeds (true) or the signal aborts (false), waiting `delayMs` between
 * attempts: nothing is skipped, however long the failure lasts.
 */
export async function retryUntilDone(step: () => Promise<void>, options: RetryOptions): Promise<boolean> {
  for (let attempt = 0; !options.signal.aborted; attempt += 1) {
    try {
      await step()
      if (attempt > 0) options.onRecovered?.(attempt)
      return true
    } catch (error) {
      const delayMs = options.delayMs(attempt)
      await options.onFailure(error, attempt, delayMs)
      await sleep(delayMs, options.signal)
    }
  }
  return false
}
