import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { responsiblePlayQueryOptions } from '../../../api/get-responsible-play'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export interface SpendingLimitChange {
  /** Null removes the limit. */
  readonly limitPence: number | null
  readonly prompt: 'sign-up' | 'first-purchase' | 'account-settings'
}

export function setSpendingLimit(change: SpendingLimitChange) {
  return apiClient.call('setSpendingLimit', { timeoutMs, body: change })
}

export function useSetSpendingLimit() {
  const queryClient = useQueryClient()
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'spending-limit'],
      mutationFn: setSpendingLimit,
      onSuccess: ({ status }) => queryClient.setQueryData(responsiblePlayQueryOptions().queryKey, status),
    }),
  )
}
