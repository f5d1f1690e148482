import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** POST /api/admin/users/:id/ban. Bans the user: their sessions end at once and they can neither sign in nor enter. */
export function banUser({ id, reason }: { id: string; reason?: string }) {
  return apiClient.call('adminBanUser', {
    timeoutMs,
    params: { id },
    body: reason === undefined ? {} : { reason },
  })
}

export const banUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminUsersKey, 'ban'],
    mutationFn: banUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })

export function useBanUser() {
  const queryClient = useQueryClient()
  return useMutation(banUserMutationOptions(queryClient))
}
