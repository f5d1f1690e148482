import type { DatabaseJobs } from '@prizes/command-service'
import { writeBackup } from '../backup/backup'
import { encryptBackup } from '../backup/backup-crypto'
import { backupFileName } from '../backup/backup-format'

/**
 * The operator job the admin's backup runs in the command service: the same backup as the CLI's
 * (written, then encrypted with the admin's passphrase). Optimise comes with the read side
 * (`read-side.ts`).
 */
export const databaseJobs: DatabaseJobs = {
  backup: ({ passphrase, ...options }) => encryptBackup(writeBackup(options), passphrase),
  backupFileName,
}
