import type { HealthResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 10_000

/** Every projection and reactor; a 503 is an answer too (it says which one is stuck). */
export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiClient.call('health', { timeoutMs, signal, answerStatuses: [503] })
}

/** Keyed under `adminQueryKey`, so Refresh Data measures again. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'health'],
    queryFn: ({ signal }) => getHealth(signal),
  })

/** Asks only while `enabled` (System Info is open). */
export function useHealth(enabled: boolean) {
  return useQuery({ ...healthQueryOptions(), enabled })
}
