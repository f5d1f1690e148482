import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from './api-client'

const timeoutMs = 20_000

/**
 * GET /api/contact-details: the support address, the company and where free entries by post go.
 * Below the features: the contact section, the competition page's free-entry box and the terms
 * all show it.
 */
export function getContactDetails(signal?: AbortSignal) {
  return apiClient.call('contactDetails', { timeoutMs, signal })
}

export const contactDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['contact-details'],
    queryFn: ({ signal }) => getContactDetails(signal),
    staleTime: 10 * 60 * 1000,
  })

export function useContactDetails() {
  return useQuery(contactDetailsQueryOptions())
}
