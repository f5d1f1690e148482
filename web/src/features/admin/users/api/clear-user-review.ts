import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/**
 * POST /api/admin/users/:id/clear-review. An account held for review (its name, date of birth
 * and postcode match a person on a break) is someone else: it may pay. The reason is required.
 */
export function clearUserReview({ id, reason }: { id: string; reason: string }) {
  return apiClient.call('adminClearUserReview', { timeoutMs, params: { id }, body: { reason } })
}

export const clearUserReviewMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminUsersKey, 'clear-review'],
    mutationFn: clearUserReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })

export function useClearUserReview() {
  const queryClient = useQueryClient()
  return useMutation(clearUserReviewMutationOptions(queryClient))
}
