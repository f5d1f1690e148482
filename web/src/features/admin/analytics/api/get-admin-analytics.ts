import type { AdminAnalytics } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'
import { analyticsRefreshMs, analyticsTimeoutMs, requireToken } from './get-admin-stats'

/** GET /api/admin/analytics: thirty days of revenue and the top competitions by tickets sold. */
export async function getAdminAnalytics(signal?: AbortSignal): Promise<AdminAnalytics> {
  requireToken()
  const { analytics } = await apiClient.call('adminAnalytics', { timeoutMs: analyticsTimeoutMs, signal })
  return analytics
}

/** Keyed under `adminQueryKey`, so Refresh Data asks again. */
export const adminAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'analytics'],
    queryFn: ({ signal }) => getAdminAnalytics(signal),
  })

/** As `useAdminStats`: only while the tab is shown, every 2 minutes while the document is visible. */
export function useAdminAnalytics(shown: boolean) {
  return useQuery({
    ...adminAnalyticsQueryOptions(),
    enabled: shown,
    refetchInterval: shown ? analyticsRefreshMs : false,
    refetchIntervalInBackground: false,
  })
}
