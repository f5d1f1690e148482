import { comparePositions, type EventStore, type Position } from '@prizes/event-store'

type Processed = Position | 'start'

const isAtOrAfter = (p: Processed, target: Position) => p !== 'start' && comparePositions(p, target) >= 0
const max = (a: Position | undefined, b: Position) => (a === undefined || comparePositions(b, a) > 0 ? b : a)

export class ProjectionsStopped extends Error {
  constructor() {
    super('Projections were stopped before reaching the position')
    this.name = 'ProjectionsStopped'
  }
}

/**
 * Knows where each projection has got to and answers "has every projection processed the log up
 * to P?". A projection only receives the event types it handles, so it may never see P itself;
 * it has reached P once P is visible in the log and the next event it handles lies beyond P.
 * "Visible" matters for the PostgreSQL store, whose readers skip events of transactions still
 * open: an event before P may appear after P has been returned to its writer. A halted
 * (stuck) projection counts as having reached every position.
 */
export function createProgress(store: EventStore, options: { pollMs?: number } = {}) {
  const pollMs = options.pollMs ?? 50
  const processed = new Map<string, { readonly handles: readonly string[]; at: Processed; halted: boolean }>()
  /** The highest position known to be readable: everything up to it is readable too. */
  let visibleUpTo: Position | undefined
  let stopped = false
  let wake: () => void = () => {}
  let changed = new Promise<void>((resolve) => {
    wake = resolve
  })

  function notify() {
    const resolve = wake
    changed = new Promise<void>((r) => {
      wake = r
    })
    resolve()
  }

  /**
   * The next change after the moment of the call, or the poll. Taken before a check, not after:
   * the check reads the store, and a projection that advances meanwhile must still wake us.
   */
  const changeAfterNow = () => {
    const change = changed
    return () => Promise.race([change, new Promise<void>((resolve) => setTimeout(resolve, pollMs).unref())])
  }

  async function isVisible(target: Position): Promise<boolean> {
    let from: Position | 'start' = visibleUpTo ?? 'start'
    for (;;) {
      if (visibleUpTo && comparePositions(visibleUpTo, target) >= 0) return true
      const page = await store.readAll({ from, limit: 1000 })
      const last = page.at(-1)
      if (!last) return false
      visibleUpTo = max(visibleUpTo, last.position)
      from = last.position
    }
  }

  async function reached(name: string, target: Position): Promise<void> {
    for (;;) {
      const nextChange = changeAfterNow()
      if (stopped) throw new ProjectionsStopped()
      const state = processed.get(name)
      if (!state) throw new Error(`Unknown projection ${name}`)
      if (state.halted || isAtOrAfter(state.at, target)) return
      // Visibility first: once P is readable, so is every event before it.
      if (await isVisible(target)) {
        const [next] = await store.readAll({
          from: state.at,
          limit: 1,
          filter: { eventTypes: state.handles },
        })
        if (!next || comparePositions(next.position, target) > 0) return
      }
      await nextChange()
    }
  }

  return {
    track(name: string, handles: readonly string[], from: Processed) {
      processed.set(name, { handles, at: from, halted: false })
      if (from !== 'start') visibleUpTo = max(visibleUpTo, from)
    },
    advance(name: string, position: Position) {
      const state = processed.get(name)
      if (state) state.at = position
      visibleUpTo = max(visibleUpTo, position)
      notify()
    },
    /**
     * A projection stuck on an event until the process restarts: waiting for it would only ever
     * time out, so waiters stop counting it (its failure is reported by the runner's status).
     */
    halt(name: string) {
      const state = processed.get(name)
      if (state) state.halted = true
      notify()
    },
    async waitForPosition(target: Position, opts: { timeoutMs?: number } = {}): Promise<void> {
      const done = new Set<string>()
      const all = Promise.all(
        [...processed.keys()].map(async (name) => {
          await reached(name, target)
          done.add(name)
        }),
      )
      if (opts.timeoutMs === undefined) return void (await all)
      // Lost the race to the timeout: a later failure is no longer anyone's concern.
      all.catch(() => {})
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const behind = [...processed.keys()].filter((name) => !done.has(name))
          reject(new Error(`Projections still behind after ${opts.timeoutMs} ms: ${behind.join(', ')}`))
        }, opts.timeoutMs)
      })
      try {
        await Promise.race([all, timeout])
      } finally {
        clearTimeout(timer)
      }
    },
    stop() {
      stopped = true
      notify()
    },
  }
}

export type Progress = ReturnType<typeof createProgress>
