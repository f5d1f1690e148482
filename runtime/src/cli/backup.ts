import { ConfigError } from '@prizes/platform'
import { backupToFile } from '../backup/backup-file'
import { fileArgument, withJobDatabase } from './job-database'
import { backupPassphrase, passphraseFileArgument } from './passphrase'

const usage = `Usage: npm run backup -- <backup.ndjson.enc> [--passphrase-file <path>]

Writes the whole event log and the command-side rows a restore needs to a new file, encrypted
with a passphrase (AES-256-GCM in chunks, the key derived with scrypt): the same file as
Settings > Download backup. The passphrase (at least 12 characters) comes from
--passphrase-file, else BACKUP_PASSPHRASE, else it is asked twice on the terminal. Without it
nobody can read the file, and nobody can restore it: keep it apart from the file.`

/** `npm run backup -- <file>`: refuses to overwrite an existing file. */
async function main(argv: readonly string[]): Promise<void> {
  const { rest, file: passphraseFile } = passphraseFileArgument(argv)
  const file = fileArgument(rest, usage, 'give exactly one file to write')
  if (file === undefined) return
  const passphrase = await backupPassphrase(passphraseFile, { confirm: true })
  await withJobDatabase(async ({ store, knex }) => {
    await backupToFile({ store, knex, file, passphrase })
    console.log(`Backup written to ${file}, encrypted with the passphrase`)
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
