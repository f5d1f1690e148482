import { createServer } from 'node:http'
import { createSmtpMailer, startCommandService } from '@prizes/command-service'
import { createEventStore } from '@prizes/event-store'
import {
  ConfigError,
  closeServer,
  createKnex,
  databaseTimeouts,
  listen,
  measuredEventStore,
  runProcess,
} from '@prizes/platform'

/**
 * The command service on its own (docker-compose): the write endpoints only, no reactors and no
 * timers (those run in the consumers processes), so run as many as wanted. `npm start` does not
 * use this file: the launcher runs the same service in its one process.
 */
runProcess('command-service', async ({ config, logger }) => {
  // Standalone there is no embedded database or MailDev to fall back on.
  if (!config.DATABASE_URL)
    throw new ConfigError(['DATABASE_URL: required for the command service on its own'])
  if (!config.SMTP_URL) throw new ConfigError(['SMTP_URL: required for the command service on its own'])
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
  const service = await startCommandService({ config, store, knex, mailer, logger })
  const server = createServer(service.app.callback())
  await listen(server, config.COMMAND_SERVICE_PORT, config.HOST)
  logger.info(`command service listening on ${config.HOST}:${config.COMMAND_SERVICE_PORT}`)
  return async () => {
    await closeServer(server)
    await service.stop()
    mailer.close()
    await knex.destroy()
    await store.close()
  }
})
