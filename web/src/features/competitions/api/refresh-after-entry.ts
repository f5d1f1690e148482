import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { withMoreSold, withMoreSoldTickets } from '../model/home-competition'
import { competitionQueryOptions } from './get-competition'
import { competitionsQueryOptions } from './get-competitions'
import { featuredCompetitionsQueryOptions } from './get-featured-competitions'

/** SPEC sections 4 and 9: competitions refresh 1 s after an entry, featured 2 s, and a failed refresh reloads after 3 s. */
export const refreshDelays = { competitionsMs: 1000, featuredMs: 2000, reloadMs: 3000 } as const

/**
 * After an entry the home page raises the sold count at once (the tickets are the entrant's
 * already), then asks the server for the real figures, the competition's own page's too. If
 * that fails the page reloads, so the counts shown are never left wrong.
 */
export function refreshAfterEntry(
  queryClient: QueryClient,
  { competitionId, tickets }: { competitionId: string; tickets: number },
  reload: () => void = () => window.location.reload(),
): void {
  const competitions = competitionsQueryOptions().queryKey
  const featured = featuredCompetitionsQueryOptions().queryKey
  queryClient.setQueryData(competitions, (list) =>
    list?.map((c) => (c.id === competitionId ? withMoreSoldTickets(c, tickets) : c)),
  )
  queryClient.setQueryData(featured, (list) =>
    list?.map((c) => (c.id === competitionId ? withMoreSold(c, tickets) : c)),
  )
  const refresh = (queryKey: readonly unknown[], delayMs: number) =>
    setTimeout(() => {
      queryClient
        .invalidateQueries({ queryKey, exact: true }, { throwOnError: true })
        .catch(() => setTimeout(reload, refreshDelays.reloadMs))
    }, delayMs)
  refresh(competitions, refreshDelays.competitionsMs)
  refresh(featured, refreshDelays.featuredMs)
  // Its own page is not raised here: the live stream may have counted the sale already.
  refresh(competitionQueryOptions(competitionId).queryKey, refreshDelays.competitionsMs)
}

export function useRefreshAfterEntry() {
  const queryClient = useQueryClient()
  return useCallback(
    (competitionId: string, tickets: number) => refreshAfterEntry(queryClient, { competitionId, tickets }),
    [queryClient],
  )
}
