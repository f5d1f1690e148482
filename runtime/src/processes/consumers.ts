import { createServer } from 'node:http'
import { closeServer, createApp, listen, runProcess } from '@prizes/platform'
import { startConsumers } from '../consumers/consumers'
import { openStandalone } from './standalone'

/**
 * The consumers on their own (docker-compose): the projections and the reactors, each run by
 * whichever instance holds its lease, and a mail sender. Run as many as wanted: a second one
 * stands by (and sends mail), and takes over what a dead one held. It answers `GET /metrics` on
 * CONSUMERS_PORT (its reactors' refunds, its email sends, its appends) and nothing else. `npm
 * start` does not use this file: the launcher runs the same consumers in its one process.
 */
runProcess('consumers', async ({ config, logger }) => {
  const { databaseUrl, store, knex, mailer, close } = await openStandalone('the consumers', config, logger)
  // First: a port already taken ends the start before any lease is taken.
  const app = createApp({ name: 'consumers', logger, metrics: { token: config.METRICS_TOKEN } })
  const server = createServer(app.callback())
  await listen(server, config.CONSUMERS_PORT, config.HOST)
  logger.info(`consumers answering /metrics on ${config.HOST}:${config.CONSUMERS_PORT}`)
  const consumers = await startConsumers({
    config,
    store,
    knex,
    databaseUrl,
    mailer,
    logger,
    processName: 'consumers',
  })
  return async () => {
    await closeServer(server)
    await consumers.stop()
    await close()
  }
})
