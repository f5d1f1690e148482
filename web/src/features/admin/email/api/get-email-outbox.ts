import type { EmailOutboxResponse, OutboxStatus } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

export const emailOutboxQueryKey = [...adminQueryKey, 'email', 'outbox'] as const

/** One page (20, newest first) of the outbox, of one status or all. */
export function getEmailOutbox(
  status: OutboxStatus | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<EmailOutboxResponse> {
  return apiClient.call('adminEmailOutbox', {
    timeoutMs,
    signal,
    query: { page: String(page), ...(status ? { status } : {}) },
  })
}

export const emailOutboxQueryOptions = (status: OutboxStatus | undefined, page: number) =>
  queryOptions({
    queryKey: [...emailOutboxQueryKey, status ?? 'all', page],
    queryFn: ({ signal }) => getEmailOutbox(status, page, signal),
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  })

/** Asks only while the Email System tab is shown. */
export function useEmailOutbox(status: OutboxStatus | undefined, page: number, enabled: boolean) {
  return useQuery({ ...emailOutboxQueryOptions(status, page), enabled })
}
