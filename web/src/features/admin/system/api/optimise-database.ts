import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'

/** VACUUM of large read models may take minutes; the server bounds each statement. */
const timeoutMs = 15 * 60_000

/** POST /api/admin/database/optimise: VACUUM (ANALYZE) of every read-model table, and the time taken. */
export function optimiseDatabase() {
  return apiClient.call('adminOptimiseDatabase', { timeoutMs })
}

export const optimiseDatabaseMutationOptions = () =>
  mutationOptions({ mutationKey: ['admin', 'database', 'optimise'], mutationFn: optimiseDatabase })

export function useOptimiseDatabase() {
  return useMutation(optimiseDatabaseMutationOptions())
}
