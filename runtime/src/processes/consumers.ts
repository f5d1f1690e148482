import { createServer } from 'node:http'
import { createSmtpMailer } from '@prizes/command-service'
import { createEventStore } from '@prizes/event-store'
import {
  ConfigError,
  closeServer,
  createApp,
  createKnex,
  databaseTimeouts,
  listen,
  measuredEventStore,
  runProcess,
} from '@prizes/platform'
import { startConsumers } from '../consumers/consumers'

/**
 * The consumers on their own (docker-compose): the projections and the reactors, each run by
 * whichever instance holds its lease, and a mail sender. Run as many as wanted: a second one
 * stands by (and sends mail), and takes over what a dead one held. It answers `GET /metrics` on
 * CONSUMERS_PORT (its reactors' refunds, its email sends, its appends) and nothing else. `npm
 * start` does not use this file: the launcher runs the same consumers in its one process.
 */
runProcess('consumers', async ({ config, logger }) => {
  if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required for the consumers on their own'])
  if (!config.SMTP_URL) throw new ConfigError(['SMTP_URL: required for the consumers on their own'])
  const store = measuredEventStore(
    createEventStore({
      databaseUrl: config.DATABASE_URL,
      eventStoreUrl: config.EVENTSTORE_URL,
      logger,
      timeouts: databaseTimeouts(config),
    }),
  )
  await store.migrate()
  const knex = createKnex(config.DATABASE_URL, { timeouts: databaseTimeouts(config) })
  const mailer = createSmtpMailer({ url: config.SMTP_URL })
  // First: a port already taken ends the start before any lease is taken.
  const app = createApp({ name: 'consumers', logger, metrics: { token: config.METRICS_TOKEN } })
  const server = createServer(app.callback())
  await listen(server, config.CONSUMERS_PORT, config.HOST)
  logger.info(`consumers answering /metrics on ${config.HOST}:${config.CONSUMERS_PORT}`)
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
    await closeServer(server)
    await consumers.stop()
    mailer.close()
    await knex.destroy()
    await store.close()
  }
})
