import type { AdminContactListResponse } from '@prizes/contracts'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 20_000

export interface ContactMessagesParams {
  readonly page: number
  /** A reference (or its start) or a whole email address. */
  readonly search: string
  /** Issue 14: only messages the sender marked as a complaint. */
  readonly complaintsOnly?: boolean
}

export const contactMessagesKey = [...adminQueryKey, 'contact-messages'] as const

/** GET /api/admin/contact-messages: ten messages a page, newest first, and the subscriber count. */
export function getContactMessages(
  params: ContactMessagesParams,
  signal?: AbortSignal,
): Promise<AdminContactListResponse> {
  const query: Record<string, string> = { page: String(params.page) }
  const search = params.search.trim()
  if (search !== '') query.search = search
  if (params.complaintsOnly) query.topic = 'complaint'
  return apiClient.call('adminListContactMessages', { timeoutMs, query, ...(signal ? { signal } : {}) })
}

export const contactMessagesQueryOptions = (params: ContactMessagesParams) =>
  queryOptions({
    queryKey: [...contactMessagesKey, 'list', params],
    queryFn: ({ signal }) => getContactMessages(params, signal),
    placeholderData: keepPreviousData,
  })

export function useContactMessages(params: ContactMessagesParams) {
  return useQuery(contactMessagesQueryOptions(params))
}

/** GET /api/admin/contact-messages/:reference: one message in full. */
export function getContactMessage(reference: string, signal?: AbortSignal) {
  return apiClient.call('adminGetContactMessage', {
    timeoutMs,
    params: { reference },
    ...(signal ? { signal } : {}),
  })
}

export function useContactMessage(reference: string) {
  return useQuery({
    queryKey: [...contactMessagesKey, 'one', reference],
    queryFn: ({ signal }) => getContactMessage(reference, signal),
  })
}
