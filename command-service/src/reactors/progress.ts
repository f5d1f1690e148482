import {
  comparePositions,
  type EventStore,
  type Position,
  type SubscriptionFilter,
} from '@prizes/event-store'

export class ReactorStopped extends Error {
  constructor(name: string) {
    super(`Reactor ${name} stopped before reaching the position`)
    this.name = 'ReactorStopped'
  }
}

const later = (a: Position | undefined, b: Position) =>
  a === undefined || comparePositions(b, a) > 0 ? b : a

/**
 * Answers "has the reactor dealt with the log up to P?". It only receives the events it
 * handles, so it may never see P itself: it has reached P once P is readable and the next event
 * it handles lies beyond P. Readable matters on PostgreSQL, whose readers skip events of
 * transactions still open, so an event before P may appear after P was returned to its writer.
 */
export function createReactorProgress(
  name: string,
  store: Pick<EventStore, 'readAll'>,
  filter: SubscriptionFilter,
  from: Position | 'start',
  pollMs = 50,
) {
  let at = from
  let readableUpTo: Position | undefined = from === 'start' ? undefined : from
  let stopped = false
  const waiters = new Set<() => void>()
  const wakeAll = () => {
    for (const wake of waiters) wake()
    waiters.clear()
  }
  const nextChange = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        waiters.delete(wake)
        resolve()
      }
      waiters.add(wake)
      setTimeout(wake, pollMs).unref()
    })

  async function isReadable(target: Position): Promise<boolean> {
    for (;;) {
      if (readableUpTo && comparePositions(readableUpTo, target) >= 0) return true
      const page = await store.readAll({ from: readableUpTo ?? 'start', limit: 1000 })
      const last = page.at(-1)
      if (!last) return false
      readableUpTo = later(readableUpTo, last.position)
    }
  }

  async function reached(target: Position): Promise<void> {
    for (;;) {
      if (stopped) throw new ReactorStopped(name)
      if (at !== 'start' && comparePositions(at, target) >= 0) return
      if (await isReadable(target)) {
        const [next] = await store.readAll({ from: at, limit: 1, filter })
        if (!next || comparePositions(next.position, target) > 0) return
      }
      await nextChange()
    }
  }

  return {
    advance(position: Position) {
      at = position
      readableUpTo = later(readableUpTo, position)
      wakeAll()
    },
    async waitForPosition(target: Position, options: { timeoutMs?: number } = {}): Promise<void> {
      const done = reached(target)
      if (options.timeoutMs === undefined) return done
      done.catch(() => {})
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Reactor ${name} still behind after ${options.timeoutMs} ms`)),
          options.timeoutMs,
        )
      })
      try {
        await Promise.race([done, timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    stop() {
      stopped = true
      wakeAll()
    },
  }
}
