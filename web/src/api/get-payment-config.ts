import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../lib/api-client'

const timeoutMs = 15_000

export async function getPaymentConfig(signal?: AbortSignal) {
  const { payments } = await apiClient.call('paymentConfig', { timeoutMs, signal })
  return payments
}

/** Which provider takes the payment: fixed while the platform runs. */
export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions())
}
