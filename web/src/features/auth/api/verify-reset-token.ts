import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

export interface ResetLinkOwner {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
}

export async function verifyResetToken(token: string, signal?: AbortSignal): Promise<ResetLinkOwner> {
  const body = await apiClient.call('verifyResetToken', { timeoutMs, signal, params: { token } })
  return body.user
}

export const verifyResetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'verify-reset-token', token],
    queryFn: ({ signal }) => verifyResetToken(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })

export function useVerifyResetToken(token: string) {
  return useQuery(verifyResetTokenQueryOptions(token))
}
