import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'

const timeoutMs = 20_000

/** GET /api/admin/settings/spending-alert: the threshold in force and its latest changes. */
export function getSpendingAlert(signal?: AbortSignal) {
  return apiClient.call('adminSpendingAlert', { timeoutMs, ...(signal ? { signal } : {}) })
}

export const spendingAlertQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'spending-alert'],
    queryFn: ({ signal }) => getSpendingAlert(signal),
  })

export function useSpendingAlert() {
  return useQuery(spendingAlertQueryOptions())
}
