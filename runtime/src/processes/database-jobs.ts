import type { DatabaseJobs } from '@prizes/command-service'
import { writeBackup } from '../backup/backup'
import { encryptBackup } from '../backup/backup-crypto'
import { backupFileName } from '../backup/backup-format'
import { optimiseReadModels } from '../optimise/optimise'

/**
 * The operator jobs the admin's database tools run in the command service: the same backup
 * (written, then encrypted with the admin's passphrase) and optimise as the CLIs.
 */
export const databaseJobs: DatabaseJobs = {
  backup: ({ passphrase, ...options }) => encryptBackup(writeBackup(options), passphrase),
  backupFileName,
  optimise: (knex) => optimiseReadModels(knex),
}
