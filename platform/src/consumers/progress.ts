import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type SubscriptionFilter,
} from '@prizes/event-store'

type Processed = Position | 'start'

const isAtOrAfter = (p: Processed, target: Position) => p !== 'start' && comparePositions(p, target) >= 0
const isAtOrBefore = (p: Position, at: Processed) => at !== 'start' && comparePositions(p, at) <= 0
const max = (a: Position | undefined, b: Position) => (a === undefined || comparePositions(b, a) > 0 ? b : a)

interface State {
  readonly filter: SubscriptionFilter
  at: Processed
  halted: boolean
}

export class ConsumerStopped extends Error {
  constructor() {
    super('The consumer was stopped before reaching the position')
    this.name = 'ConsumerStopped'
  }
}

const isEmpty = (list: readonly string[] | undefined) => list === undefined || list.length === 0

/** Whether `filter` lets `event` through (both lists apply; an empty one lets everything through). */
export function passes(event: RecordedEvent, filter: SubscriptionFilter): boolean {
  const { eventTypes, streamPrefixes } = filter
  if (!isEmpty(eventTypes) && !eventTypes?.includes(event.type)) return false
  if (!isEmpty(streamPrefixes) && !streamPrefixes?.some((p) => event.streamId.startsWith(p))) return false
  return true
}

/**
 * One filter that lets through everything any of `filters` does (and perhaps more): one read of
 * the log for them all, each member then picking its own with `passes`.
 */
export function covering(filters: readonly SubscriptionFilter[]): SubscriptionFilter {
  const union = (lists: ReadonlyArray<readonly string[] | undefined>) =>
    lists.some(isEmpty) ? undefined : [...new Set(lists.flatMap((list) => list ?? []))]
  const eventTypes = union(filters.map((f) => f.eventTypes))
  const streamPrefixes = union(filters.map((f) => f.streamPrefixes))
  return { ...(eventTypes ? { eventTypes } : {}), ...(streamPrefixes ? { streamPrefixes } : {}) }
}

/**
 * Knows where each member of a consumer (a projection, a reactor) has got to and answers "has
 * every member processed the log up to P?". A member only receives the events its filter lets
 * through, so it may never see P itself; it has reached P once P is visible in the log and the
 * next event it handles lies beyond P. "Visible" matters for the PostgreSQL store, whose
 * readers skip events of transactions still open: an event before P may appear after P has
 * been returned to its writer. A halted (stuck) member counts as having reached every position.
 */
export function createProgress(store: Pick<EventStore, 'readAll'>, options: { pollMs?: number } = {}) {
  const pollMs = options.pollMs ?? 50
  /** Handled events read at most per check; more and the check waits for the runner instead. */
  const pageLimit = 100
  const processed = new Map<string, State>()
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
   * the check reads the store, and a member that advances meanwhile must still wake us.
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

  /**
   * Which of `behind` have reached `target` though their position is before it: `target` is
   * visible and none of their next events comes at or before it. Usually one read of the log
   * for all of them: the events they handle after the earliest of their positions, which shows
   * `target` visible when it holds an event at or after it (or it was known visible before).
   * Otherwise visibility is checked, then they are read again: the first read may have missed
   * events that became visible since.
   */
  async function reachedInLog(
    target: Position,
    behind: ReadonlyArray<[string, State]>,
  ): Promise<Set<string>> {
    const reached = new Set<string>()
    const starts = behind.map(([, state]) => state.at)
    const from = starts.reduce<Processed>(
      (a, b) => (a === 'start' || b === 'start' ? 'start' : comparePositions(b, a) < 0 ? b : a),
      starts[0] ?? 'start',
    )
    const filter = covering(behind.map(([, state]) => state.filter))
    const read = () => store.readAll({ from, limit: pageLimit, filter })
    // The log is read in order and only what is visible: an event at or after `target` shows
    // that `target` is visible too, and that the page holds every handled event up to it.
    const showsTarget = (page: readonly RecordedEvent[]) => {
      const last = page.at(-1)
      if (!last || comparePositions(last.position, target) < 0) return false
      visibleUpTo = max(visibleUpTo, last.position)
      return true
    }
    const visibleBefore = visibleUpTo !== undefined && comparePositions(visibleUpTo, target) >= 0
    let page = await read()
    if (!showsTarget(page)) {
      if (page.length === pageLimit) return reached
      if (!visibleBefore) {
        if (!(await isVisible(target))) return reached
        page = await read()
        if (!showsTarget(page) && page.length === pageLimit) return reached
      }
    }
    for (const [name, state] of behind) {
      const next = page.find((e) => !isAtOrBefore(e.position, state.at) && passes(e, state.filter))
      if (!next || comparePositions(next.position, target) > 0) reached.add(name)
    }
    return reached
  }

  return {
    track(name: string, filter: SubscriptionFilter, from: Processed) {
      processed.set(name, { filter, at: from, halted: false })
      if (from !== 'start') visibleUpTo = max(visibleUpTo, from)
    },
    advance(name: string, position: Position) {
      const state = processed.get(name)
      if (state) state.at = position
      visibleUpTo = max(visibleUpTo, position)
      notify()
    },
    /**
     * A member stuck on an event until the process restarts: waiting for it would only ever
     * time out, so waiters stop counting it (its failure is reported by its consumer).
     */
    halt(name: string) {
      const state = processed.get(name)
      if (state) state.halted = true
      notify()
    },
    async waitForPosition(target: Position, opts: { timeoutMs?: number } = {}): Promise<void> {
      let behind = [...processed.keys()]
      const all = (async () => {
        for (;;) {
          const nextChange = changeAfterNow()
          if (stopped) throw new ConsumerStopped()
          const states = [...processed].filter(([, state]) => !state.halted && !isAtOrAfter(state.at, target))
          behind = states.map(([name]) => name)
          if (states.length === 0) return
          const reached = await reachedInLog(target, states)
          if (states.every(([name]) => reached.has(name))) return
          await nextChange()
        }
      })()
      if (opts.timeoutMs === undefined) return void (await all)
      // Lost the race to the timeout: a later failure is no longer anyone's concern.
      all.catch(() => {})
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`Still behind after ${opts.timeoutMs} ms: ${behind.join(', ')}`))
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
