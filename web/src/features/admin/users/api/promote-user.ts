import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** POST /api/admin/users/:id/promote. Makes the user an admin, with a reason for the audit trail. */
export function promoteUser({ id, reason }: { id: string; reason?: string }) {
  return apiClient.call('adminPromoteUser', {
    timeoutMs,
    params: { id },
    body: reason === undefined ? {} : { reason },
  })
}

export const promoteUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminUsersKey, 'promote'],
    mutationFn: promoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })

export function usePromoteUser() {
  const queryClient = useQueryClient()
  return useMutation(promoteUserMutationOptions(queryClient))
}
