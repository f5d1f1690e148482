import type { AdminEntryDetails } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminEntriesQueryKey } from './get-admin-entries'

const timeoutMs = 20_000

/** GET /api/admin/entries/:id: the answer, the entrant, the tickets and the payment history. */
export async function getAdminEntry(id: string, signal?: AbortSignal): Promise<AdminEntryDetails> {
  const { entry } = await apiClient.call('adminGetEntry', { timeoutMs, signal, params: { id } })
  return entry
}

export const adminEntryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminEntriesQueryKey, 'details', id],
    queryFn: ({ signal }) => getAdminEntry(id, signal),
    // Opening the dialog shows the entry as it is now.
    staleTime: 0,
  })

export function useAdminEntry(id: string) {
  return useQuery(adminEntryQueryOptions(id))
}
