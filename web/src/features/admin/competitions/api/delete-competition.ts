import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { afterAcceptedChange } from '../../shared/api/get-admin-competitions'

const timeoutMs = 20_000

/** DELETE /api/admin/competitions/:id: the server allows it for a draft or a cancelled competition. */
export function deleteCompetition(id: string) {
  return apiClient.call('adminDeleteCompetition', { timeoutMs, params: { id } })
}

export const deleteCompetitionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'competitions', 'delete'],
    mutationFn: deleteCompetition,
    onSuccess: (_answer, id) => afterAcceptedChange(queryClient, id, null),
  })

export function useDeleteCompetition() {
  const queryClient = useQueryClient()
  return useMutation(deleteCompetitionMutationOptions(queryClient))
}
