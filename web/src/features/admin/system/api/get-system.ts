import type { AdminSystemResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 10_000

/** GET /api/admin/system: version, uptime, the event store and its count, every consumer's lag. */
export function getSystem(signal?: AbortSignal): Promise<AdminSystemResponse> {
  return apiClient.call('adminSystem', { timeoutMs, signal })
}

/** Keyed under `adminQueryKey`, so Refresh Data asks again. */
export const systemQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'system'],
    queryFn: ({ signal }) => getSystem(signal),
  })

/** Asks only while `enabled` (the panel showing it is open). */
export function useSystem(enabled: boolean) {
  return useQuery({ ...systemQueryOptions(), enabled })
}
