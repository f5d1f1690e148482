import type { AdminUsersResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** The list's page, search and filters; empty ones are left out of the query string. */
export interface AdminUsersParams {
  readonly page: number
  readonly search: string
  readonly role: '' | 'user' | 'admin'
  readonly verified: '' | 'true' | 'false'
  readonly banned: '' | 'true' | 'false'
}

/** GET /api/admin/users: ten users a page, newest first, with whether a next page exists. */
export function getAdminUsers(params: AdminUsersParams, signal?: AbortSignal): Promise<AdminUsersResponse> {
  const query: Record<string, string> = { page: String(params.page) }
  const search = params.search.trim()
  if (search !== '') query.search = search
  if (params.role !== '') query.role = params.role
  if (params.verified !== '') query.verified = params.verified
  if (params.banned !== '') query.banned = params.banned
  return apiClient.call('adminListUsers', { timeoutMs, query, ...(signal ? { signal } : {}) })
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The page stays on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  })

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params))
}
