import type { AdminEntriesQuery, AdminEntriesResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

/** The Entries tab's filters: a competition, a payment status, a search; empty means any. */
export interface AdminEntryFilters {
  readonly competition: string
  readonly paymentStatus: '' | NonNullable<AdminEntriesQuery['paymentStatus']>
  readonly search: string
}

/** The filters as the endpoint's query values, leaving out the empty ones. */
export function entryFilterQuery(filters: AdminEntryFilters): Record<string, string> {
  const search = filters.search.trim()
  return {
    ...(filters.competition === '' ? {} : { competition: filters.competition }),
    ...(filters.paymentStatus === '' ? {} : { paymentStatus: filters.paymentStatus }),
    ...(search === '' ? {} : { search }),
  }
}

/** GET /api/admin/entries: one page (15 rows, newest first) and whether more follow. */
export function getAdminEntries(
  filters: AdminEntryFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AdminEntriesResponse> {
  return apiClient.call('adminListEntries', {
    timeoutMs,
    signal,
    query: { ...entryFilterQuery(filters), page: String(page) },
  })
}

/** Every admin entries query's key starts with this, so a refund refetches them all. */
export const adminEntriesQueryKey = [...adminQueryKey, 'entries'] as const

export const adminEntriesQueryOptions = (filters: AdminEntryFilters, page: number) =>
  queryOptions({
    queryKey: [...adminEntriesQueryKey, 'list', entryFilterQuery(filters), page],
    queryFn: ({ signal }) => getAdminEntries(filters, page, signal),
    // The page shown stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  })

export function useAdminEntries(filters: AdminEntryFilters, page: number) {
  return useQuery(adminEntriesQueryOptions(filters, page))
}
