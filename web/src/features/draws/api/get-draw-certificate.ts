import type { DrawCertificateResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/** The certificate's events, or null when the API has no completed draw for the competition (404). */
export async function getDrawCertificate(
  competitionId: string,
  signal?: AbortSignal,
): Promise<DrawCertificateResponse | null> {
  try {
    return await apiClient.call('drawCertificate', { timeoutMs, signal, params: { competitionId } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const drawCertificateQueryOptions = (competitionId: string) =>
  queryOptions({
    queryKey: ['draw-certificate', competitionId],
    queryFn: ({ signal }) => getDrawCertificate(competitionId, signal),
    retry: false,
  })

export function useDrawCertificate(competitionId: string) {
  return useQuery(drawCertificateQueryOptions(competitionId))
}
