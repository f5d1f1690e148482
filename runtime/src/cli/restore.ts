import { InvalidBackup, RestoredLogNotReadable, RestoreTargetNotEmpty } from '@prizes/command-service'
import { ConfigError } from '@prizes/platform'
import { BackupFileMissing, restoreFromFile } from '../backup/backup-file'
import { fileArgument, withJobDatabase } from './job-database'

const usage = `Usage: npm run restore -- <backup.ndjson>

Loads a backup (from Settings > Backup, or npm run backup) into an EMPTY platform: checks the
file's checksum first, refuses a damaged file or a database that already holds events, appends
every event in its original order, restores the command-side rows (user keys, secrets, draw
seeds...), then rebuilds every read model. Stop the platform first; point DATABASE_URL (or the
embedded database's DATA_DIR) at the new database.`

/** `npm run restore -- <file>`. Exit code 1, and why, when nothing was restored. */
async function main(argv: readonly string[]): Promise<void> {
  const file = fileArgument(argv, usage, 'give exactly one backup file')
  if (file === undefined) return
  await withJobDatabase(async ({ store, knex, source }) => {
    console.log(`Restoring ${file} into ${source}`)
    let shown = 0
    const summary = await restoreFromFile({
      store,
      knex,
      file,
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
