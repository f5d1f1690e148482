import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { responsiblePlayQueryOptions } from '../../../api/get-responsible-play'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export function skipSpendingLimit(prompt: 'sign-up' | 'first-purchase') {
  return apiClient.call('skipSpendingLimit', { timeoutMs, body: { prompt } })
}

export function useSkipSpendingLimit() {
  const queryClient = useQueryClient()
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'spending-limit', 'skip'],
      mutationFn: skipSpendingLimit,
      onSuccess: ({ status }) => queryClient.setQueryData(responsiblePlayQueryOptions().queryKey, status),
    }),
  )
}
