import { createEventStore } from '@prizes/event-store'
import { ConfigError, createKnex, createLogger, loadConfig } from '@prizes/platform'
import { migrateReadModels } from './migrations/index'
import { allProjections } from './projections'
import { startProjections } from './runner'

/**
 * The projections on their own (docker-compose). `npm start` does not use this file: the
 * launcher runs the same projections in its one process.
 */
async function main() {
  const config = loadConfig()
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV === 'development',
    name: 'projections',
  })
  if (!config.DATABASE_URL) {
    throw new ConfigError(['DATABASE_URL: required when the projections run on their own'])
  }
  const store = createEventStore({
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
  })
  const knex = createKnex(config.DATABASE_URL)
  await store.migrate()
  await migrateReadModels(knex)
  const running = await startProjections({ store, knex, logger, projections: allProjections })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping')
    await running.stop()
    await store.close()
    await knex.destroy()
    process.exit(0)
  }
  const onSignal = (signal: string) =>
    stop(signal).catch((error: unknown) => {
      logger.error({ err: error }, 'could not stop cleanly')
      process.exit(1)
    })
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
