import type { PlatformSettings } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** GET /api/admin/settings: the settings as stored (the stream's last change). */
export async function getSettings(signal?: AbortSignal): Promise<PlatformSettings> {
  const { settings } = await apiClient.call('adminGetSettings', { timeoutMs, signal })
  return settings
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'settings'],
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 0,
  })

export function useSettings() {
  return useQuery(settingsQueryOptions())
}
