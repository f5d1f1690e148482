import { type DrawCertificateResponse, isEntityId } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/**
 * The public certificate, or null when there is no completed draw for the competition (404):
 * an address whose id cannot be a competition's has none either, and is not asked about.
 */
export async function getDrawCertificate(
  competitionId: string,
  signal?: AbortSignal,
): Promise<DrawCertificateResponse | null> {
  if (!isEntityId(competitionId)) return null
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
