/** One timer waits at most this long (24 days; Node's limit is 2^31 ms ≈ 24.8 days), then is re-armed. */
export const maxTimerMs = 24 * 24 * 60 * 60 * 1000

/** Timers by key, each due at a moment however far off: a new one for a key replaces the old. */
export interface KeyedTimers {
  /** Calls `fire` once `now()` has reached `due` (at once when it has already). */
  at(key: string, due: Date, fire: () => void): void
  cancel(key: string): void
  cancelAll(): void
}

export function keyedTimers(now: () => Date): KeyedTimers {
  const timers = new Map<string, NodeJS.Timeout>()
  const cancel = (key: string) => {
    clearTimeout(timers.get(key))
    timers.delete(key)
  }
  function at(key: string, due: Date, fire: () => void): void {
    cancel(key)
    const wait = Math.min(Math.max(0, due.getTime() - now().getTime()), maxTimerMs)
    const timer = setTimeout(() => {
      timers.delete(key)
      // A capped wait ended short of the moment (or the clock ran slow): wait again.
      if (due.getTime() > now().getTime()) return at(key, due, fire)
      fire()
    }, wait)
    timers.set(key, timer)
  }
  return {
    at,
    cancel,
    cancelAll() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
