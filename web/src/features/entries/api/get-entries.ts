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

/**
 * The entries (tickets) the signed-in user holds in one competition, paid or postal and not
 * refunded, from their own list: what the per-person cap has left them is worked out from it.
 * Undefined while unknown (signed out, or the list not loaded); the server enforces the cap anyway.
 */
export function useEntriesHeld(userId: string | null, competitionId: string): number | undefined {
  const entries = useQuery({ ...entriesQueryOptions(userId ?? ''), enabled: userId !== null })
  if (userId === null || entries.data === undefined) return undefined
  return entries.data
    .filter((entry) => entry.competitionId === competitionId && entry.paymentStatus === 'paid')
    .reduce((count, entry) => count + entry.numberOfEntries, 0)
}
