import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

/** Whether the signed-in user's name is shown if they win (issue 24). */
export async function getWinnerName(signal?: AbortSignal): Promise<boolean> {
  return (await apiClient.call('getWinnerName', { timeoutMs, signal })).shown
}

export const winnerNameQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'winner-name'],
    queryFn: ({ signal }) => getWinnerName(signal),
  })

export function useWinnerName(userId: string) {
  return useQuery(winnerNameQueryOptions(userId))
}

export function setWinnerName(shown: boolean) {
  return apiClient.call('setWinnerName', { timeoutMs, body: { shown } })
}

export function useSetWinnerName(userId: string) {
  const queryClient = useQueryClient()
  return useMutation(
    mutationOptions({
      mutationKey: ['account', 'winner-name'],
      mutationFn: setWinnerName,
      onSuccess: ({ shown }) => queryClient.setQueryData(winnerNameQueryOptions(userId).queryKey, shown),
    }),
  )
}
