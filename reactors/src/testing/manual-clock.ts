import type { TimerScheduler } from '../lifecycle/keyed-timers'

/**
 * A clock and timers that move only when the test says: a reactor given `now` and `timers`
 * from it never waits on the real clock, and `advance` resolves once every timer due by then
 * has fired and the work it returned has finished, so a test can assert that nothing happened
 * before a moment without sleeping.
 */
export interface ManualClock extends TimerScheduler {
  now(): Date
  /** Moves the clock to `moment` (never back), firing each timer due by then in order. */
  advanceTo(moment: Date): Promise<void>
  advance(ms: number): Promise<void>
}

export function manualClock(start: Date = new Date()): ManualClock {
  let nowMs = start.getTime()
  let nextId = 0
  const pending = new Map<number, { readonly due: number; readonly fire: () => unknown }>()

  function earliestDueBy(target: number): number | undefined {
    let found: number | undefined
    for (const [id, timer] of pending) {
      if (timer.due > target) continue
      const best = found === undefined ? undefined : pending.get(found)
      if (!best || timer.due < best.due) found = id
    }
    return found
  }

  const clock: ManualClock = {
    now: () => new Date(nowMs),
    setTimeout(fire, ms) {
      nextId += 1
      pending.set(nextId, { due: nowMs + Math.max(0, ms), fire })
      return nextId
    },
    clearTimeout(handle) {
      pending.delete(handle as number)
    },
    async advanceTo(moment) {
      const target = Math.max(nowMs, moment.getTime())
      for (;;) {
        const id = earliestDueBy(target)
        const timer = id === undefined ? undefined : pending.get(id)
        if (id === undefined || !timer) break
        pending.delete(id)
        nowMs = Math.max(nowMs, timer.due)
        await timer.fire()
      }
      nowMs = target
    },
    advance: (ms) => clock.advanceTo(new Date(nowMs + ms)),
  }
  return clock
}
