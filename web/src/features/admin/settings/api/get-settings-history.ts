import type { SettingsHistoryResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { settingsQueryOptions } from './get-settings'

const timeoutMs = 20_000

/** GET /api/admin/settings/history: one page (20) of changes, newest first, with who and why. */
export function getSettingsHistory(page: number, signal?: AbortSignal): Promise<SettingsHistoryResponse> {
  return apiClient.call('adminSettingsHistory', { timeoutMs, signal, query: { page: String(page) } })
}

export const settingsHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...settingsQueryOptions().queryKey, 'history', page],
    queryFn: ({ signal }) => getSettingsHistory(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })

export function useSettingsHistory(page: number) {
  return useQuery(settingsHistoryQueryOptions(page))
}
