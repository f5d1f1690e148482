import { migrateCommandTables, migrateReactorTables } from '@prizes/command-service'
import { createEventStore } from '@prizes/event-store'
import {
  ConfigError,
  createKnex,
  createLogger,
  databaseTimeouts,
  loadConfig,
  loadSecrets,
} from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'

/**
 * Every migration, once, then exit (docker-compose's one-shot `migrate` job, which the services
 * wait for): the event store's schema (none on KurrentDB), the command-side and reactor tables,
 * the read models, and the platform's secrets, so no service starts on a half-made database.
 * The services still migrate at start, which finds nothing left to do. Exit code 0 when done.
 */
async function main() {
  const config = loadConfig()
  if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required for the migrations'])
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'migrate' })
  // A job's statement bound: a migration may rewrite a whole table.
  const timeouts = databaseTimeouts(config, 'job')
  const store = createEventStore({
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
    timeouts,
  })
  const knex = createKnex(config.DATABASE_URL, { timeouts })
  try {
    await store.migrate()
    await migrateCommandTables(knex)
    await migrateReactorTables(knex)
    await migrateReadModels(knex)
    await loadSecrets(knex)
    logger.info('migrations done')
  } finally {
    await knex.destroy()
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
