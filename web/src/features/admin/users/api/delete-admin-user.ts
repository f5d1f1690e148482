import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 30_000

/**
 * DELETE /api/admin/users/:id: erases the person and refunds their paid entries in open
 * competitions; answers how many (`deletedEntries`).
 */
export function deleteAdminUser(id: string) {
  return apiClient.call('adminDeleteUser', { timeoutMs, params: { id } })
}

export const deleteAdminUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminQueryKey, 'users', 'delete'],
    mutationFn: deleteAdminUser,
    // Refunds change the competitions' entries and takings too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  })

export function useDeleteAdminUser() {
  const queryClient = useQueryClient()
  return useMutation(deleteAdminUserMutationOptions(queryClient))
}
