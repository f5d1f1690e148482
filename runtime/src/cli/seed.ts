import path from 'node:path'
import { createCommandHandler, createDrawSeedStore, migrateCommandTables } from '@prizes/command-service'
import { createEventStore } from '@prizes/event-store'
import {
  ConfigError,
  createKnex,
  createLogger,
  databaseTimeouts,
  environmentKeys,
  loadConfig,
  loadSecrets,
  openPlatformDatabase,
} from '@prizes/platform'
import { seedDemoData } from '../seed/seed'
import { seedCommands } from '../seed/seed-commands'

/**
 * `npm run seed`: the demo competitions, through the command handlers, against the configured
 * database (or the running embedded one), only into an empty event store. `npm start` seeds by
 * itself; docker-compose never does (an operator may, for a demo). Running it again changes nothing.
 */
async function main() {
  const config = loadConfig()
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'seed' })
  const database = await openPlatformDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preferredPort: config.EMBEDDED_PG_PORT,
    joinRunning: true,
  })
  const store = createEventStore({
    databaseUrl: database.url,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
    timeouts: databaseTimeouts(config),
  })
  const knex = createKnex(database.url, { timeouts: databaseTimeouts(config) })
  try {
    await store.migrate()
    await migrateCommandTables(knex)
    const handler = createCommandHandler({ store, logger })
    const { drawSeeds } = await loadSecrets(knex, environmentKeys(config))
    const now = new Date()
    const { created, skipped } = await seedDemoData({
      store,
      commands: seedCommands(handler, now, createDrawSeedStore(knex, drawSeeds)),
      mediaDir: path.join(config.DATA_DIR, 'media'),
      now,
      logger,
    })
    console.log(
      skipped
        ? 'The event store already holds events: the demo seed runs only into an empty one'
        : `Created ${created} demo competitions`,
    )
  } finally {
    await knex.destroy()
    await store.close()
    await database.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
