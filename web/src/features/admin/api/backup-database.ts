import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

/** A whole log takes a while to stream. */
const timeoutMs = 10 * 60_000

/** GET /api/admin/backup: the event log and command-side rows as NDJSON, ending with its checksum line. */
export function backupDatabase(): Promise<Blob> {
  return apiClient.download('adminBackup', { timeoutMs })
}

export const backupDatabaseMutationOptions = () =>
  mutationOptions({ mutationKey: ['admin', 'database', 'backup'], mutationFn: backupDatabase })

export function useBackupDatabase() {
  return useMutation(backupDatabaseMutationOptions())
}
