import type { SessionUser } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export async function getProfile(signal?: AbortSignal): Promise<SessionUser> {
  const body = await apiClient.call('getProfile', { timeoutMs, signal })
  return body.user
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // A failed profile call ends the session (SPEC section 4); retrying would only delay that.
    retry: false,
  })

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled })
}
