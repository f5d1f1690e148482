import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'
import { spendingAlertQueryOptions } from './get-spending-alert'

const timeoutMs = 20_000

/** PUT /api/admin/settings/spending-alert. */
export function updateSpendingAlert(thresholdPence: number) {
  return apiClient.call('adminUpdateSpendingAlert', { timeoutMs, body: { thresholdPence } })
}

export function useUpdateSpendingAlert() {
  const queryClient = useQueryClient()
  return useMutation(
    mutationOptions({
      mutationKey: ['admin', 'settings', 'spending-alert', 'update'],
      mutationFn: updateSpendingAlert,
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: spendingAlertQueryOptions().queryKey }),
          // The Users tab's marks follow the threshold.
          queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        ]),
    }),
  )
}
