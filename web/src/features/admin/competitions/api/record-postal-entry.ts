import type { AdminPostalEntryRequest } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'
import { adminQueryKey } from '../../shared/api/query-keys'

const timeoutMs = 30_000

export interface RecordPostalEntry {
  readonly competitionId: string
  readonly envelope: AdminPostalEntryRequest
}

/**
 * POST /api/admin/competitions/:id/postal-entries. The envelope's `idempotencyKey` is made when
 * the form opens, so sending the same form twice records one entry.
 */
export function recordPostalEntry({ competitionId, envelope }: RecordPostalEntry) {
  return apiClient.call('adminRecordPostalEntry', {
    timeoutMs,
    params: { id: competitionId },
    body: envelope,
  })
}

export const recordPostalEntryMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'entries', 'postal'],
    mutationFn: recordPostalEntry,
    // The competition's entries, its counts and the entries list all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  })

export function useRecordPostalEntry() {
  const queryClient = useQueryClient()
  return useMutation(recordPostalEntryMutationOptions(queryClient))
}
