/** One timer waits at most this long (24 days; Node's limit is 2^31 ms ≈ 24.8 days), then is re-armed. */
export const maxTimerMs = 24 * 24 * 60 * 60 * 1000

/**
 * Where a reactor's timers run: the real `setTimeout` in service, a clock the test moves
 * (`testing/manual-clock.ts`) in tests. `fire` may return its work, which such a clock awaits.
 */
export interface TimerScheduler {
  setTimeout(fire: () => unknown, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimers: TimerScheduler = {
  setTimeout: (fire, ms) => setTimeout(fire, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** Timers by key, each due at a moment however far off: a new one for a key replaces the old. */
export interface KeyedTimers {
  /** Calls `fire` once `now()` has reached `due` (at once when it has already). */
  at(key: string, due: Date, fire: () => unknown): void
  cancel(key: string): void
  cancelAll(): void
}

export function keyedTimers(now: () => Date, scheduler: TimerScheduler = realTimers): KeyedTimers {
  const timers = new Map<string, unknown>()
  const cancel = (key: string) => {
    if (timers.has(key)) scheduler.clearTimeout(timers.get(key))
    timers.delete(key)
  }
  function at(key: string, due: Date, fire: () => unknown): void {
    cancel(key)
    const wait = Math.min(Math.max(0, due.getTime() - now().getTime()), maxTimerMs)
    const timer = scheduler.setTimeout(() => {
      timers.delete(key)
      // A capped wait ended short of the moment (or the clock ran slow): wait again.
      if (due.getTime() > now().getTime()) return at(key, due, fire)
      return fire()
    }, wait)
    timers.set(key, timer)
  }
  return {
    at,
    cancel,
    cancelAll() {
      for (const timer of timers.values()) scheduler.clearTimeout(timer)
      timers.clear()
    },
  }
}
