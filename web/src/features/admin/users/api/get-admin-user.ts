import type { AdminUserResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** GET /api/admin/user/:id: the row with the address and the entry stats. */
export function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserResponse['user']> {
  return apiClient
    .call('adminGetUser', { timeoutMs, params: { id }, ...(signal ? { signal } : {}) })
    .then((answer) => answer.user)
}

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'details', id],
    queryFn: ({ signal }) => getAdminUser(id, signal),
  })

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id))
}
