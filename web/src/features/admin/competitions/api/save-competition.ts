import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { afterAcceptedChange } from '../../shared/api/get-admin-competitions'
import { type CompetitionPayload, competitionFormData } from '../model/competition-form'

/** An image upload may take a while on a slow line. */
const timeoutMs = 60_000

export interface SaveCompetition {
  /** Absent for a new competition. */
  readonly id?: string
  readonly payload: CompetitionPayload
  /** A new image: the form goes as multipart/form-data; without one, as JSON. */
  readonly image?: File
}

/** POST /api/admin/competitions, or PUT /api/admin/competitions/:id for an existing one. */
export function saveCompetition({ id, payload, image }: SaveCompetition) {
  const body = image ? competitionFormData(payload, image, image.name) : payload
  return id === undefined
    ? apiClient.call('adminCreateCompetition', { timeoutMs, body })
    : apiClient.call('adminUpdateCompetition', { timeoutMs, body, params: { id } })
}

export const saveCompetitionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'competitions', 'save'],
    mutationFn: saveCompetition,
    onSuccess: ({ competition }, { id }) =>
      afterAcceptedChange(queryClient, competition?.id, competition, { created: id === undefined }),
  })

export function useSaveCompetition() {
  const queryClient = useQueryClient()
  return useMutation(saveCompetitionMutationOptions(queryClient))
}
