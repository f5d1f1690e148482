import type { PublicSettingsResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../lib/api-client'

const timeoutMs = 10_000

/** GET /api/settings: whether the site is in maintenance and whether sign-ups are open. */
export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettingsResponse['settings']> {
  const { settings } = await apiClient.call('publicSettings', { timeoutMs, signal })
  return settings
}

export const publicSettingsQueryKey = ['settings', 'public'] as const

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings(signal),
    // Asked again now and then, so a maintenance that starts or ends shows without a reload.
    refetchInterval: 30_000,
    staleTime: 10_000,
  })

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions())
}
