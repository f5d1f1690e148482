import type { AdminBackupRequest } from '@prizes/contracts'
import { mutationOptions, useMutation } from '@tanstack/react-query'
import { apiClient } from '../../../../lib/api-client'

/** A whole log takes a while to stream. */
const timeoutMs = 10 * 60_000

/**
 * POST /api/admin/backup: the event log and command-side rows, encrypted with the passphrase;
 * the admin's password is asked again.
 */
export function backupDatabase(request: AdminBackupRequest): Promise<Blob> {
  return apiClient.download('adminBackup', { timeoutMs, body: request })
}

export const backupDatabaseMutationOptions = () =>
  mutationOptions({ mutationKey: ['admin', 'database', 'backup'], mutationFn: backupDatabase })

export function useBackupDatabase() {
  return useMutation(backupDatabaseMutationOptions())
}
