import type { AdminStatsResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../../lib/api-client'
import { readAuthToken } from '../../../../lib/auth-cookie'
import { adminQueryKey } from '../../shared/api/query-keys'
import { analyticsLoadMessages, noTokenCode } from '../model/analytics-errors'

/** SPEC section 9: the analytics calls give up after 10 s, and refresh every 2 minutes while shown. */
export const analyticsTimeoutMs = 10_000
export const analyticsRefreshMs = 120_000

/** Without a session token the analytics calls are not made: the tab says so instead. */
export function requireToken(): void {
  if (readAuthToken() === null) throw new ApiError(401, noTokenCode, analyticsLoadMessages.noToken)
}

/** GET /api/admin/stats: SPEC section 3's platform stats, from the read models. */
export async function getAdminStats(signal?: AbortSignal): Promise<AdminStatsResponse['stats']> {
  requireToken()
  const { stats } = await apiClient.call('adminStats', { timeoutMs: analyticsTimeoutMs, signal })
  return stats
}

/** Keyed under `adminQueryKey`, so Refresh Data asks again. */
export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'stats'],
    queryFn: ({ signal }) => getAdminStats(signal),
  })

/**
 * Asks only while `shown` (the Analytics tab is selected), then every 2 minutes; TanStack Query
 * pauses the interval while the document is hidden.
 */
export function useAdminStats(shown: boolean) {
  return useQuery({
    ...adminStatsQueryOptions(),
    enabled: shown,
    refetchInterval: shown ? analyticsRefreshMs : false,
    refetchIntervalInBackground: false,
  })
}
