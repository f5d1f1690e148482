import type { EmailStatus } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

/** The server gives the SMTP server 5 s to answer; this leaves room for the rest. */
const timeoutMs = 15_000

/** GET /api/email/status: a real SMTP check (the server reuses one for 10 s). */
export async function getEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  const { status } = await apiClient.call('emailStatus', { timeoutMs, signal })
  return status
}

/** Keyed under `adminQueryKey`, so Refresh Data checks again. */
export const emailStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'email', 'status'],
    queryFn: ({ signal }) => getEmailStatus(signal),
    staleTime: 10_000,
  })

/** Asks only while the Email System tab is shown. */
export function useEmailStatus(enabled: boolean) {
  return useQuery({ ...emailStatusQueryOptions(), enabled })
}
