import type { AdminCompetitionEntriesResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminCompetitionsKey } from '../../shared/api/get-admin-competitions'

const timeoutMs = 20_000

/** One page (10 rows) of a competition's entries, with the summary over all of them. */
export function getCompetitionEntries(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<AdminCompetitionEntriesResponse> {
  return apiClient.call('adminCompetitionEntries', {
    timeoutMs,
    signal,
    params: { id },
    query: { page: String(page) },
  })
}

export const competitionEntriesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...adminCompetitionsKey, id, 'entries', page],
    queryFn: ({ signal }) => getCompetitionEntries(id, page, signal),
    // Opening the dialog shows the entries as they are now (refunds arrive after a cancel).
    staleTime: 0,
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  })

export function useCompetitionEntries(id: string, page: number) {
  return useQuery(competitionEntriesQueryOptions(id, page))
}
