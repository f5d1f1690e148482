import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

/** The provider is called before the answer comes. */
const timeoutMs = 30_000

export interface RefundEntry {
  readonly id: string
  readonly reason: string
}

/** POST /api/admin/entries/:id/refund: the server decides whether the entry may be refunded. */
export function refundEntry({ id, reason }: RefundEntry) {
  return apiClient.call('adminRefundEntry', { timeoutMs, params: { id }, body: { reason } })
}

export const refundEntryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'entries', 'refund'],
    mutationFn: refundEntry,
    // The entries list, the entry's details, and the competitions' entries and history all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  })

export function useRefundEntry() {
  const queryClient = useQueryClient()
  return useMutation(refundEntryMutationOptions(queryClient))
}
