import type { AdminUpdateUserRequest } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** PUT /api/admin/users/:id: names, email, phone and address, by the profile form's rules. */
export function updateAdminUser({ id, values }: { id: string; values: AdminUpdateUserRequest }) {
  return apiClient.call('adminUpdateUser', { timeoutMs, params: { id }, body: values })
}

export const updateAdminUserMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...adminUsersKey, 'update'],
    mutationFn: updateAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  })

export function useUpdateAdminUser() {
  const queryClient = useQueryClient()
  return useMutation(updateAdminUserMutationOptions(queryClient))
}
