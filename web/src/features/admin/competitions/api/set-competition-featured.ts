import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { afterAcceptedChange } from '../../shared/api/get-admin-competitions'

const timeoutMs = 20_000

export interface SetCompetitionFeatured {
  readonly id: string
  readonly featured: boolean
}

/** PATCH /api/admin/competitions/:id/featured, allowed at every status. */
export function setCompetitionFeatured({ id, featured }: SetCompetitionFeatured) {
  return apiClient.call('adminSetCompetitionFeatured', { timeoutMs, body: { featured }, params: { id } })
}

export const setCompetitionFeaturedMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'competitions', 'featured'],
    mutationFn: setCompetitionFeatured,
    onSuccess: ({ competition }, { id }) => afterAcceptedChange(queryClient, id, competition),
  })

export function useSetCompetitionFeatured() {
  const queryClient = useQueryClient()
  return useMutation(setCompetitionFeaturedMutationOptions(queryClient))
}
