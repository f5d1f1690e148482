import { resetConfirmation } from '@prizes/contracts'
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'

const timeoutMs = 120_000

/** POST /api/admin/database/reset: wipes everything and seeds the demo data and admin again (embedded only). */
export function resetDatabase() {
  return apiClient.call('adminResetDatabase', { timeoutMs, body: { confirm: resetConfirmation } })
}

export const resetDatabaseMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'database', 'reset'],
    mutationFn: resetDatabase,
    // Every answer cached before is about data that is gone.
    onSuccess: () => queryClient.invalidateQueries(),
  })

export function useResetDatabase() {
  const queryClient = useQueryClient()
  return useMutation(resetDatabaseMutationOptions(queryClient))
}
