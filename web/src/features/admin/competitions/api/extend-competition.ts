import type { AdminExtendRequest } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { afterAcceptedChange } from '../../shared/api/get-admin-competitions'

const timeoutMs = 15_000

export interface ExtendCompetition {
  readonly id: string
  readonly request: AdminExtendRequest
}

/** POST /api/admin/competitions/:id/extend: an undersold competition reopens until a new end date, once. */
export function extendCompetition({ id, request }: ExtendCompetition) {
  return apiClient.call('adminExtendCompetition', { timeoutMs, body: request, params: { id } })
}

export const extendCompetitionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'competitions', 'extend'],
    mutationFn: extendCompetition,
    onSuccess: ({ competition }, { id }) => afterAcceptedChange(queryClient, id, competition),
  })

export function useExtendCompetition() {
  const queryClient = useQueryClient()
  return useMutation(extendCompetitionMutationOptions(queryClient))
}
