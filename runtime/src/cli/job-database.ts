import { createEventStore, type EventStore } from '@prizes/event-store'
import { ConfigError, createKnex, databaseTimeouts, loadConfig, openPlatformDatabase } from '@prizes/platform'
import type { Knex } from 'knex'

/** The database a backup or restore works on: its event store, its knex, and where it is. */
export interface JobDatabase {
  readonly store: EventStore & { migrate(): Promise<void> }
  readonly knex: Knex
  /** Where the database is, for the user: DATABASE_URL, the running platform's, or the embedded one. */
  readonly source: string
}

/**
 * The one file a backup or restore command is given (an npm `--` is passed over). With --help or
 * -h it prints the usage and answers undefined; anything but exactly one file is a ConfigError.
 */
export function fileArgument(argv: readonly string[], usage: string, missing: string): string | undefined {
  const args = argv.filter((a) => a !== '--')
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage)
    return undefined
  }
  const [file, ...extra] = args
  if (!file || extra.length > 0) throw new ConfigError([`${missing}\n\n${usage}`])
  return file
}

/**
 * Runs `job` on the configured database (or the running platform's embedded one), with the job's
 * longer statement bound: a backup reads, a restore appends and rebuilds, a whole log. Closes the
 * store, the pool and the database after, however the job ends.
 */
export async function withJobDatabase<T>(job: (database: JobDatabase) => Promise<T>): Promise<T> {
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
    return await job({ store, knex, source: database.source })
  } finally {
    await knex.destroy()
    await store.close()
    await database.stop()
  }
}
