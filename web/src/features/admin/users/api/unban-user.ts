import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** POST /api/admin/users/:id/unban. Lifts a ban. */
export function unbanUser({ id, reason }: { id: string; reason?: string }) {
  return apiClient.call('adminUnbanUser', {
    timeoutMs,
    params: { id },
    body: reason === undefined ? {} : { reason },
  })
}

export const unbanUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminUsersKey, 'unban'],
    mutationFn: unbanUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })

export function useUnbanUser() {
  const queryClient = useQueryClient()
  return useMutation(unbanUserMutationOptions(queryClient))
}
