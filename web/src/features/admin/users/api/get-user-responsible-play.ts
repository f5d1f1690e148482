import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminUsersKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** GET /api/admin/users/:id/responsible-play: the user's limit and break changes, newest first. */
export function getUserResponsiblePlay(id: string, signal?: AbortSignal) {
  return apiClient
    .call('adminResponsiblePlayOfUser', { timeoutMs, params: { id }, ...(signal ? { signal } : {}) })
    .then((answer) => answer.changes)
}

export const userResponsiblePlayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'responsible-play', id],
    queryFn: ({ signal }) => getUserResponsiblePlay(id, signal),
  })

export function useUserResponsiblePlay(id: string) {
  return useQuery(userResponsiblePlayQueryOptions(id))
}
