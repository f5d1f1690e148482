import { createEventStore } from '@prizes/event-store'
import { backupToFile } from '../backup/backup-file'
import { ConfigError, databaseTimeouts, loadConfig } from '../config/config'
import { createKnex } from '../db/knex'
import { openPlatformDatabase } from '../db/platform-database'

const usage = `Usage: npm run backup -- <backup.ndjson>

Writes the whole event log and the command-side rows a restore needs (user keys, secrets, draw
seeds...) to a new file, as NDJSON ending with a SHA-256 checksum line: the same file as
Settings > Backup. Personal data stays encrypted as stored; keep the file as safe as the database.`

/** `npm run backup -- <file>`: refuses to overwrite an existing file. */
async function main(argv: readonly string[]): Promise<void> {
  const args = argv.filter((a) => a !== '--')
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage)
    return
  }
  const [file, ...extra] = args
  if (!file || extra.length > 0) throw new ConfigError([`give exactly one file to write\n\n${usage}`])
  const config = loadConfig()
  const database = await openPlatformDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preferredPort: config.EMBEDDED_PG_PORT,
    joinRunning: true,
  })
  const timeouts = databaseTimeouts(config, 'job')
  const store = createEventStore({
    databaseUrl: database.url,
    eventStoreUrl: config.EVENTSTORE_URL,
    timeouts,
  })
  const knex = createKnex(database.url, { timeouts })
  try {
    await backupToFile({ store, knex, file })
    console.log(`Backup written to ${file}`)
  } finally {
    await knex.destroy()
    await store.close()
    await database.stop()
  }
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
