import type { AdminStatusRequest } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { afterAcceptedChange } from '../../shared/api/get-admin-competitions'

/** Completing a draw may wait on the drand beacon. */
const timeoutMs = 45_000

export interface SetCompetitionStatus {
  readonly id: string
  readonly request: AdminStatusRequest
}

/** PUT /api/admin/competitions/:id/status: the server's lifecycle decides whether it is allowed. */
export function setCompetitionStatus({ id, request }: SetCompetitionStatus) {
  return apiClient.call('adminSetCompetitionStatus', { timeoutMs, body: request, params: { id } })
}

export const setCompetitionStatusMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'competitions', 'status'],
    mutationFn: setCompetitionStatus,
    onSuccess: ({ competition }, { id }) => afterAcceptedChange(queryClient, id, competition),
  })

export function useSetCompetitionStatus() {
  const queryClient = useQueryClient()
  return useMutation(setCompetitionStatusMutationOptions(queryClient))
}
