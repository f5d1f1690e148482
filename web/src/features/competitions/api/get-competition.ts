import type { PublicCompetitionDetail } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** As the competitions list: SPEC section 9 gives the competition calls 30 s. */
const timeoutMs = 30_000

export async function getCompetition(id: string, signal?: AbortSignal): Promise<PublicCompetitionDetail> {
  const { competition } = await apiClient.call('getCompetition', { timeoutMs, signal, params: { id } })
  return competition
}

/**
 * One competition's page. Under `competitions` (so invalidating the lists refreshes it too),
 * and apart from the `featured` list's key whatever the id. The live stream updates it in place.
 */
export const competitionQueryKey = (id: string) => ['competitions', 'detail', id] as const

export const competitionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: competitionQueryKey(id),
    queryFn: ({ signal }) => getCompetition(id, signal),
  })

export function useCompetition(id: string) {
  return useQuery(competitionQueryOptions(id))
}
