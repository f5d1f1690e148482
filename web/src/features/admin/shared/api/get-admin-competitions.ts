import type { AdminCompetition, AdminCompetitionsResponse } from '@prizes/contracts'
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { createConfirmedWrites, type ListedPage } from '../model/confirmed-writes'
import { adminQueryKey } from './query-keys'

const timeoutMs = 20_000

/** The list's pages and the per-competition queries (entries, history) are keyed below this. */
export const adminCompetitionsKey = [...adminQueryKey, 'competitions'] as const

/** The server's answers to this session's admin commands, shown until the read model agrees. */
const confirmedWrites = createConfirmedWrites()

/**
 * GET /api/admin/competitions: ten competitions a page (not deleted, whatever their status, with
 * their correct answers and winners), searched by title, with whether a next page exists.
 */
export async function getAdminCompetitions(
  listed: ListedPage,
  signal?: AbortSignal,
): Promise<AdminCompetitionsResponse> {
  const query: Record<string, string> = { page: String(listed.page) }
  const search = listed.search.trim()
  if (search !== '') query.search = search
  const answer = await apiClient.call('adminListCompetitions', { timeoutMs, query, signal })
  return { ...answer, competitions: confirmedWrites.merge(answer.competitions, { ...listed, search }) }
}

export const adminCompetitionsQueryOptions = (listed: ListedPage) =>
  queryOptions({
    queryKey: [...adminCompetitionsKey, 'list', listed],
    queryFn: ({ signal }) => getAdminCompetitions(listed, signal),
    // Asks again soon while an accepted change has not reached the read model.
    refetchInterval: () => (confirmedWrites.pending() ? 500 : false),
    // The page stays on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  })

export function useAdminCompetitions(listed: ListedPage) {
  return useQuery(adminCompetitionsQueryOptions(listed))
}

/**
 * After a command the server accepted: keeps its answer (the competition as the command left it,
 * null once deleted; `created` for a new one) and refetches the list's pages and the queries
 * under them.
 */
export function afterAcceptedChange(
  queryClient: QueryClient,
  id: string | undefined,
  competition: AdminCompetition | null | undefined,
  options?: { readonly created?: boolean },
): Promise<void> {
  if (id !== undefined && competition !== undefined) confirmedWrites.record(id, competition, options)
  return queryClient.invalidateQueries({ queryKey: adminCompetitionsKey })
}
