import type { HomePageAnswers, PublicCompetitionDetail, ServerAnswers } from '@prizes/contracts'

/**
 * A public competition by id from the query service, as `GET /api/competitions/:id` answers it
 * (its page's head, and the answers its page is rendered from): null when it says there is
 * none; throws when it cannot tell (unreachable, an error, `signal` aborted at the timeout).
 */
export type FindCompetitionPage = (id: string, signal: AbortSignal) => Promise<PublicCompetitionDetail | null>

/**
 * What the home page is rendered from on the server (the first featured competition's picture
 * is also the page's largest paint, which its head preloads). Throws as `FindCompetitionPage`
 * does.
 */
export type FindHomeAnswers = (signal: AbortSignal) => Promise<HomePageAnswers>

/** What every page rendered on the server is rendered from besides its own answers. Throws as `FindCompetitionPage` does. */
export type FindPageAnswers = (
  signal: AbortSignal,
) => Promise<Pick<ServerAnswers, 'publicSettings' | 'paymentConfig' | 'contactDetails'>>

/** What the gateway knows for a page. `unknown`: the plain page, status 200. */
export type Lookup<T> =
  | { readonly kind: 'found'; readonly value: T }
  | { readonly kind: 'missing' }
  | { readonly kind: 'unknown' }

export interface CompetitionLookupOptions {
  /** How long an answer (found or missing) is reused: a flood of requests costs one lookup per id. */
  readonly ttlMs?: number
  /** How long a failure is reused, so a service that is down is not asked again by every request. */
  readonly failureTtlMs?: number
  /** Ids remembered at most, the least recently used forgotten first. */
  readonly maxEntries?: number
  /** How long a page waits for the query service before it is sent without the competition. */
  readonly timeoutMs?: number
  /** Lookups under way at most; past it a page is sent plain rather than queue behind them. */
  readonly maxInFlight?: number
  readonly onError?: (error: unknown, id: string) => void
  readonly now?: () => number
}

interface Entry<T> {
  readonly lookup: Lookup<T>
  readonly until: number
}

const unknown = { kind: 'unknown' } as const

/**
 * Looks competitions up for their pages' heads with a bounded, short-lived cache (an LRU of
 * `maxEntries`), one lookup per id at a time, a timeout, and a cap on lookups under way: a
 * page never waits long and never fails for it.
 */
export function cachedLookup<T>(
  find: (id: string, signal: AbortSignal) => Promise<T | null>,
  options: CompetitionLookupOptions = {},
) {
  const ttlMs = options.ttlMs ?? 5000
  const failureTtlMs = options.failureTtlMs ?? 1000
  const maxEntries = options.maxEntries ?? 1000
  const timeoutMs = options.timeoutMs ?? 1500
  const maxInFlight = options.maxInFlight ?? 32
  const now = options.now ?? Date.now
  const cache = new Map<string, Entry<T>>()
  const inFlight = new Map<string, Promise<Lookup<T>>>()

  function remember(id: string, lookup: Lookup<T>) {
    cache.delete(id)
    cache.set(id, { lookup, until: now() + (lookup.kind === 'unknown' ? failureTtlMs : ttlMs) })
    for (const oldest of cache.keys()) {
      if (cache.size <= maxEntries) break
      cache.delete(oldest)
    }
  }

  async function fetchLookup(id: string): Promise<Lookup<T>> {
    const abort = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`No answer for competition ${id} in ${timeoutMs} ms`)
        abort.abort(error)
        reject(error)
      }, timeoutMs)
    })
    try {
      const value = await Promise.race([find(id, abort.signal), timedOut])
      return value === null ? { kind: 'missing' } : { kind: 'found', value }
    } catch (error) {
      options.onError?.(error, id)
      return unknown
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    lookup(id: string): Promise<Lookup<T>> {
      const cached = cache.get(id)
      if (cached && cached.until > now()) {
        cache.delete(id)
        cache.set(id, cached)
        return Promise.resolve(cached.lookup)
      }
      const pending = inFlight.get(id)
      if (pending) return pending
      if (inFlight.size >= maxInFlight) return Promise.resolve(unknown)
      const started = fetchLookup(id).then((lookup) => {
        inFlight.delete(id)
        remember(id, lookup)
        return lookup
      })
      inFlight.set(id, started)
      return started
    },
    /** Ids remembered now (tests check the bound). */
    get size() {
      return cache.size
    },
  }
}
