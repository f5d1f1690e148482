import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export async function getEntryStats(signal?: AbortSignal) {
  const { stats } = await apiClient.call('entryStats', { timeoutMs, signal })
  return stats
}

export const entryStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['entries', userId, 'stats'],
    queryFn: ({ signal }) => getEntryStats(signal),
  })

export function useEntryStats(userId: string) {
  return useQuery(entryStatsQueryOptions(userId))
}
