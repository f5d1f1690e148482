import type { SuccessFigures } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export function getSuccessFigures(signal?: AbortSignal): Promise<SuccessFigures> {
  return apiClient.call('successFigures', { timeoutMs, signal })
}

export const successFiguresQueryOptions = () =>
  queryOptions({
    queryKey: ['success-figures'],
    queryFn: ({ signal }) => getSuccessFigures(signal),
  })

/** The platform's own figures: verified members, winners and the value of what they won. */
export function useSuccessFigures() {
  return useQuery(successFiguresQueryOptions())
}
