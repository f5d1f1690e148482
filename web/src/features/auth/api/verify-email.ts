import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** SPEC section 9: verification calls give up after 30 s. */
const timeoutMs = 30_000

export function verifyEmail(token: string, signal?: AbortSignal) {
  return apiClient.call('verifyEmail', { timeoutMs, signal, params: { token } })
}

/** The link is single-use: one call per token, never repeated in the background. */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token))
}
