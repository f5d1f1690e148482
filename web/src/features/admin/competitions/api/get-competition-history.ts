import type { CompetitionHistoryResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminCompetitionsKey } from '../../shared/api/get-admin-competitions'

const timeoutMs = 20_000

/** One page (50 events, oldest first) of the competition's audit trail: what, who, when and why. */
export function getCompetitionHistory(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<CompetitionHistoryResponse> {
  return apiClient.call('adminCompetitionHistory', {
    timeoutMs,
    signal,
    params: { id },
    query: { page: String(page) },
  })
}

export const competitionHistoryQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...adminCompetitionsKey, id, 'history', page],
    queryFn: ({ signal }) => getCompetitionHistory(id, page, signal),
    // Opening the dialog shows the trail as it is now.
    staleTime: 0,
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  })

export function useCompetitionHistory(id: string, page: number) {
  return useQuery(competitionHistoryQueryOptions(id, page))
}
