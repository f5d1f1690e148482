import { createSmtpMailer } from '@prizes/command-service'
import { createEventStore } from '@prizes/event-store'
import { ConfigError, createKnex, databaseTimeouts, runProcess } from '@prizes/platform'
import { startConsumers } from '../consumers/consumers'

/**
 * The consumers on their own (docker-compose): the projections and the reactors, each run by
 * whichever instance holds its lease, and a mail sender. Run as many as wanted: a second one
 * stands by (and sends mail), and takes over what a dead one held. `npm start` does not use this
 * file: the launcher runs the same consumers in its one process.
 */
runProcess('consumers', async ({ config, logger }) => {
  if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required for the consumers on their own'])
  if (!config.SMTP_URL) throw new ConfigError(['SMTP_URL: required for the consumers on their own'])
  const store = createEventStore({
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
    timeouts: databaseTimeouts(config),
  })
  await store.migrate()
  const knex = createKnex(config.DATABASE_URL, { timeouts: databaseTimeouts(config) })
  const mailer = createSmtpMailer({ url: config.SMTP_URL })
  const consumers = await startConsumers({
    config,
    store,
    knex,
    databaseUrl: config.DATABASE_URL,
    mailer,
    logger,
    processName: 'consumers',
  })
  return async () => {
    await consumers.stop()
    mailer.close()
    await knex.destroy()
    await store.close()
  }
})
