import type { BreakPeriod } from '@prizes/contracts'
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { responsiblePlayQueryOptions } from '../../../api/get-responsible-play'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export function takeBreak(period: BreakPeriod) {
  return apiClient.call('takeBreak', { timeoutMs, body: { period, confirm: true } })
}

export function useTakeBreak() {
  const queryClient = useQueryClient()
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'break'],
      mutationFn: takeBreak,
      onSuccess: ({ status }) => queryClient.setQueryData(responsiblePlayQueryOptions().queryKey, status),
    }),
  )
}
