import type { UserEntry } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export async function getEntries(signal?: AbortSignal): Promise<UserEntry[]> {
  const { entries } = await apiClient.call('listEntries', { timeoutMs, signal })
  return entries
}

/** The signed-in user's entries; keyed by user so one person never sees another's list. */
export const entriesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['entries', userId, 'list'],
    queryFn: ({ signal }) => getEntries(signal),
  })

export function useEntries(userId: string) {
  return useQuery(entriesQueryOptions(userId))
}
