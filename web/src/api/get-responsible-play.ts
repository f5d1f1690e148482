import type { ResponsiblePlayStatus } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../lib/api-client'

const timeoutMs = 20_000

export async function getResponsiblePlay(signal?: AbortSignal): Promise<ResponsiblePlayStatus> {
  const body = await apiClient.call('getResponsiblePlay', { timeoutMs, signal })
  return body.status
}

export const responsiblePlayQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'responsible-play'],
    queryFn: ({ signal }) => getResponsiblePlay(signal),
  })

export function useResponsiblePlay(enabled = true) {
  return useQuery({ ...responsiblePlayQueryOptions(), enabled })
}
