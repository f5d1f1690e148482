import { isEntityId, type PublicCompetitionDetail } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client'

/** SPEC section 9: the competitions calls give up after 30 s. */
const timeoutMs = 30_000

/**
 * One published competition's page, or null when there is none to show (404): an address whose
 * id cannot be a competition's has none either, and is not asked about.
 */
export async function getCompetition(
  id: string,
  signal?: AbortSignal,
): Promise<PublicCompetitionDetail | null> {
  if (!isEntityId(id)) return null
  try {
    const body = await apiClient.call('getCompetition', { timeoutMs, signal, params: { id } })
    return body.competition
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
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
