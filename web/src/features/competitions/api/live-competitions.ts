import {
  type CompetitionChange,
  type CompetitionStatus,
  competitionsLivePath,
  liveEvents,
  type PublicCompetition,
} from '@prizes/contracts'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { loadApiSchemas } from '../../../lib/api-client'
import { availabilityStatus, type HomeCompetition } from '../model/home-competition'
import { competitionQueryOptions } from './get-competition'
import { competitionsQueryOptions } from './get-competitions'
import { featuredCompetitionsQueryOptions } from './get-featured-competitions'

/** Statuses the lists show; a competition that leaves them (cancelled) is taken off. */
const listed: ReadonlySet<CompetitionStatus> = new Set(['active', 'closed', 'drawing', 'completed'])

/** While the stream is down, the lists are refreshed this often instead. */
export const fallbackRefreshMs = 30_000
/** After the server refused the stream (busy, too many tabs), it is tried again after this, doubling. */
const reopenDelayMs = { first: 15_000, max: 300_000 }

const sameFigures = (
  c: Pick<PublicCompetition, 'sold_tickets' | 'free_entries' | 'total_tickets' | 'status'>,
  change: CompetitionChange,
) =>
  c.sold_tickets === change.sold_tickets &&
  c.free_entries === change.free_entries &&
  c.total_tickets === change.total_tickets &&
  c.status === change.status

function withChange<C extends PublicCompetition>(c: C, change: CompetitionChange): C {
  if (sameFigures(c, change)) return c
  return {
    ...c,
    sold_tickets: change.sold_tickets,
    paid_entries: Math.max(0, change.sold_tickets - change.free_entries),
    free_entries: change.free_entries,
    total_tickets: change.total_tickets,
    status: change.status,
  }
}

/** A featured card with the new figures, as `toHomeCompetition` would make it. */
function homeWithChange(c: HomeCompetition, { sold_tickets: sold, total_tickets: total }: CompetitionChange) {
  const limited = total > 0
  const tickets = limited ? Math.max(0, total - sold) : null
  const maxEntries = limited ? total : null
  if (c.tickets === tickets && c.maxEntries === maxEntries) return c
  return {
    ...c,
    tickets,
    maxEntries,
    availabilityStatus: availabilityStatus(sold, total),
    soldPercentage: limited ? Math.min(100, Math.max(0, (sold / total) * 100)) : 0,
  }
}

/**
 * A competition's new figures, written into every cache that shows it, in place: the list, the
 * featured list (which holds active competitions only) and its own page. One the list does not
 * hold yet (just published) or that turned featured-worthy cannot be drawn from the change
 * alone, so those lists are refetched; a cancelled one leaves the lists and its page is refetched
 * (it is gone).
 */
export function applyCompetitionChange(queryClient: QueryClient, change: CompetitionChange): void {
  const shown = listed.has(change.status)
  const competitions = competitionsQueryOptions().queryKey
  const featured = featuredCompetitionsQueryOptions().queryKey
  const list = queryClient.getQueryData(competitions)
  if (list) {
    const known = list.find((c) => c.id === change.id)
    if (!known && shown) void queryClient.invalidateQueries({ queryKey: competitions, exact: true })
    if (known) {
      const changed = withChange(known, change)
      if (!shown)
        queryClient.setQueryData(
          competitions,
          list.filter((c) => c !== known),
        )
      else if (changed !== known)
        queryClient.setQueryData(
          competitions,
          list.map((c) => (c === known ? changed : c)),
        )
      const featuredList = queryClient.getQueryData(featured)
      if (
        featuredList &&
        known.featured &&
        change.status === 'active' &&
        !featuredList.some((c) => c.id === change.id)
      ) {
        void queryClient.invalidateQueries({ queryKey: featured, exact: true })
      }
    }
  }
  queryClient.setQueryData(featured, (cards) => {
    if (!cards?.some((c) => c.id === change.id)) return cards
    if (change.status !== 'active') return cards.filter((c) => c.id !== change.id)
    const next = cards.map((c) => (c.id === change.id ? homeWithChange(c, change) : c))
    return next.every((c, i) => c === cards[i]) ? cards : next
  })
  const page = competitionQueryOptions(change.id).queryKey
  if (!queryClient.getQueryData(page)) return
  if (shown) queryClient.setQueryData(page, (c) => (c ? withChange(c, change) : c))
  else void queryClient.invalidateQueries({ queryKey: page, exact: true })
}

/** Every competitions query (the lists and each page) fetched again. */
const refetchCompetitions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: competitionsQueryOptions().queryKey })

/**
 * Keeps the competitions on screen live while mounted (the home page, a competition's page):
 * the server's event stream updates the caches in place as tickets sell and statuses change.
 * Each (re)connection and each `resync` refetches them, since changes may have been missed
 * meanwhile. While the stream is down they are refreshed every `fallbackRefreshMs` instead;
 * the browser reconnects by itself after a network failure, and a stream the server refused
 * (busy, too many from this address) is tried again after a growing delay.
 */
export function useLiveCompetitions(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let source: EventSource | undefined
    let poll: ReturnType<typeof setInterval> | undefined
    let reopen: ReturnType<typeof setTimeout> | undefined
    let delayMs = reopenDelayMs.first
    const startPolling = () => {
      poll ??= setInterval(() => void refetchCompetitions(queryClient), fallbackRefreshMs)
    }
    const stopPolling = () => {
      clearInterval(poll)
      poll = undefined
    }
    function open() {
      if (typeof EventSource === 'undefined') {
        startPolling()
        return
      }
      const stream = new EventSource(competitionsLivePath)
      source = stream
      stream.onopen = () => {
        stopPolling()
        delayMs = reopenDelayMs.first
        void refetchCompetitions(queryClient)
      }
      stream.addEventListener(liveEvents.competition, (event) => {
        const data = safeJson((event as MessageEvent<string>).data)
        // The schemas' chunk is asked for at start and has arrived long before the stream opens;
        // changes keep their order, each waiting on the one promise.
        loadApiSchemas().then(
          ({ competitionChange }) => {
            const parsed = competitionChange.safeParse(data)
            if (parsed.success) applyCompetitionChange(queryClient, parsed.data)
          },
          () => undefined,
        )
      })
      stream.addEventListener(liveEvents.resync, () => void refetchCompetitions(queryClient))
      stream.onerror = () => {
        startPolling()
        // CONNECTING: the browser retries by itself. CLOSED: the server refused; we try later.
        if (stream.readyState !== EventSource.CLOSED) return
        stream.close()
        reopen = setTimeout(open, delayMs)
        delayMs = Math.min(reopenDelayMs.max, delayMs * 2)
      }
    }
    // After the page has loaded: the stream stays open, and must not hold back its load event.
    const loaded = document.readyState === 'complete'
    if (loaded) open()
    else window.addEventListener('load', open, { once: true })
    return () => {
      window.removeEventListener('load', open)
      source?.close()
      stopPolling()
      clearTimeout(reopen)
    }
  }, [queryClient])
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
