import type { ParkedEventStatus, ParkedEventsResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

export const parkedEventsQueryKey = [...adminQueryKey, 'parked-events'] as const

/** One page (20, newest first) of the events reactors parked: open, resolved or all. */
export function getParkedEvents(
  status: ParkedEventStatus,
  page: number,
  signal?: AbortSignal,
): Promise<ParkedEventsResponse> {
  return apiClient.call('adminParkedEvents', { timeoutMs, signal, query: { status, page: String(page) } })
}

export const parkedEventsQueryOptions = (status: ParkedEventStatus, page: number) =>
  queryOptions({
    queryKey: [...parkedEventsQueryKey, status, page],
    queryFn: ({ signal }) => getParkedEvents(status, page, signal),
    placeholderData: keepPreviousData,
  })

/** Asks only while System Info is open. */
export function useParkedEvents(status: ParkedEventStatus, page: number, enabled: boolean) {
  return useQuery({ ...parkedEventsQueryOptions(status, page), enabled })
}
