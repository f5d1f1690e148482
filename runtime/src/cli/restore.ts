import { ConfigError } from '@prizes/platform'
import { BackupDecryptionFailed } from '../backup/backup-crypto'
import { BackupFileMissing, restoreFromFile } from '../backup/backup-file'
import { InvalidBackup, RestoredLogNotReadable, RestoreTargetNotEmpty } from '../backup/restore'
import { fileArgument, withJobDatabase } from './job-database'
import { backupPassphrase, passphraseFileArgument } from './passphrase'

const usage = `Usage: npm run restore -- <backup.ndjson.enc> [--passphrase-file <path>]

Loads a backup (from Settings > Download backup, or npm run backup) into an EMPTY platform:
decrypts it with its passphrase (--passphrase-file, else BACKUP_PASSPHRASE, else asked on the
terminal) and checks every chunk of it first, refusing a wrong passphrase, an altered or damaged
file, or a database that already holds events; then appends every event in its original order
and restores the command-side rows, all in one transaction on PostgreSQL (a restore that fails
part way leaves nothing), then rebuilds every read model. Stop the platform first; point
DATABASE_URL (or the embedded database's DATA_DIR) at the new database.`

/** `npm run restore -- <file>`. Exit code 1, and why, when nothing was restored. */
async function main(argv: readonly string[]): Promise<void> {
  const { rest, file: passphraseFile } = passphraseFileArgument(argv)
  const file = fileArgument(rest, usage, 'give exactly one backup file')
  if (file === undefined) return
  const passphrase = await backupPassphrase(passphraseFile, { confirm: false })
  await withJobDatabase(async ({ store, knex, source }) => {
    console.log(`Restoring ${file} into ${source}`)
    let shown = 0
    const summary = await restoreFromFile({
      store,
      knex,
      file,
      passphrase,
      onProgress: ({ events, total }) => {
        if (events - shown < 10_000 && events < total) return
        shown = events
        console.log(`  ${events.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')} events`)
      },
    })
    console.log(
      `Restored ${summary.events.toLocaleString('en-GB')} events and ${summary.rows.toLocaleString('en-GB')} rows; ` +
        `rebuilt ${summary.rebuild.projections.join(', ')} in ${summary.rebuild.seconds.toFixed(2)} s`,
    )
  })
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (
      error instanceof InvalidBackup ||
      error instanceof BackupDecryptionFailed ||
      error instanceof RestoreTargetNotEmpty ||
      error instanceof BackupFileMissing ||
      error instanceof RestoredLogNotReadable ||
      error instanceof ConfigError
    ) {
      console.error(`Restore refused: ${error.message}`)
    } else {
      console.error('Restore failed:', error)
    }
    process.exit(1)
  },
)
