import type { Winner } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

export async function getWinners(signal?: AbortSignal): Promise<Winner[]> {
  const body = await apiClient.call('listWinners', { timeoutMs, signal })
  return body.winners
}

export const winnersQueryOptions = () =>
  queryOptions({
    queryKey: ['winners'],
    queryFn: ({ signal }) => getWinners(signal),
  })

/** Recent winners, newest first as the API gives them. */
export function useWinners() {
  return useQuery(winnersQueryOptions())
}
