import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** POST /api/admin/users/:id/demote. Removes admin rights, with a reason; the server refuses one's own. */
export function demoteUser({ id, reason }: { id: string; reason?: string }) {
  return apiClient.call('adminDemoteUser', {
    timeoutMs,
    params: { id },
    body: reason === undefined ? {} : { reason },
  })
}

export const demoteUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminUsersKey, 'demote'],
    mutationFn: demoteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })

export function useDemoteUser() {
  const queryClient = useQueryClient()
  return useMutation(demoteUserMutationOptions(queryClient))
}
