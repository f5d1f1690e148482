import { ConfigError } from '@prizes/platform'
import { backupToFile } from '../backup/backup-file'
import { fileArgument, withJobDatabase } from './job-database'

const usage = `Usage: npm run backup -- <backup.ndjson>

Writes the whole event log and the command-side rows a restore needs (user keys, secrets, draw
seeds...) to a new file, as NDJSON ending with a SHA-256 checksum line: the same file as
Settings > Backup. Personal data stays encrypted as stored; keep the file as safe as the database.`

/** `npm run backup -- <file>`: refuses to overwrite an existing file. */
async function main(argv: readonly string[]): Promise<void> {
  const file = fileArgument(argv, usage, 'give exactly one file to write')
  if (file === undefined) return
  await withJobDatabase(async ({ store, knex }) => {
    await backupToFile({ store, knex, file })
    console.log(`Backup written to ${file}`)
  })
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if ((error as { code?: unknown }).code === 'EEXIST')
      console.error('Backup refused: that file exists already')
    else console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
