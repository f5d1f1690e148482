import type { CompetitionHistoryEntry } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { adminCompetitionsQueryOptions } from './get-admin-competitions'

const timeoutMs = 20_000

/** The competition's audit trail, oldest first: what happened, who did it, when and why. */
export async function getCompetitionHistory(
  id: string,
  signal?: AbortSignal,
): Promise<CompetitionHistoryEntry[]> {
  const { events } = await apiClient.call('adminCompetitionHistory', { timeoutMs, signal, params: { id } })
  return events
}

export const competitionHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminCompetitionsQueryOptions().queryKey, id, 'history'],
    queryFn: ({ signal }) => getCompetitionHistory(id, signal),
    // Opening the dialog shows the trail as it is now.
    staleTime: 0,
  })

export function useCompetitionHistory(id: string, enabled = true) {
  return useQuery({ ...competitionHistoryQueryOptions(id), enabled })
}
