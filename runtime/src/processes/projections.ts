import { createEventStore } from '@prizes/event-store'
import { ConfigError, createKnex, databaseTimeouts, runProcess } from '@prizes/platform'
import { allProjections, migrateReadModels, startProjections } from '@prizes/projections'

/**
 * The projections on their own (docker-compose). `npm start` does not use this file: the
 * launcher runs the same projections in its one process.
 */
runProcess('projections', async ({ config, logger }) => {
  if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required for the projections on their own'])
  const store = createEventStore({
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
    timeouts: databaseTimeouts(config),
  })
  const knex = createKnex(config.DATABASE_URL, { timeouts: databaseTimeouts(config) })
  await store.migrate()
  await migrateReadModels(knex)
  const running = await startProjections({ store, knex, logger, projections: allProjections })
  return async () => {
    await running.stop()
    await store.close()
    await knex.destroy()
  }
})
