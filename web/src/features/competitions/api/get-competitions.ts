import type { PublicCompetition } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { gridCompetitions } from '../model/home-competition'

/** SPEC section 9: the competitions call gives up after 30 s. */
const timeoutMs = 30_000

export async function getCompetitions(signal?: AbortSignal): Promise<PublicCompetition[]> {
  const body = await apiClient.call('listCompetitions', { timeoutMs, signal })
  return body.competitions
}

export const competitionsQueryOptions = () =>
  queryOptions({
    queryKey: ['competitions'],
    queryFn: ({ signal }) => getCompetitions(signal),
  })

/** The competitions the home grid shows; a failed refetch keeps the last good list. */
export function useGridCompetitions() {
  return useQuery({ ...competitionsQueryOptions(), select: gridCompetitions })
}
