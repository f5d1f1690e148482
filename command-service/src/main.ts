import { createServer, type Server } from 'node:http'
import { createEventStore } from '@prizes/event-store'
import { ConfigError, createKnex, createLogger, loadConfig } from '@prizes/platform'
import { createSmtpMailer } from './mail'
import { startCommandService } from './service'

/**
 * The command service on its own (docker-compose). `npm start` does not use this file: the
 * launcher mounts the same app in one process.
 */

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const shutdownGraceMs = 10_000

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
}

async function main() {
  const config = loadConfig()
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: config.NODE_ENV === 'development',
    name: 'command-service',
  })
  if (!config.DATABASE_URL) {
    // Standalone there is no embedded database to fall back on (only the launcher starts one).
    throw new ConfigError(['DATABASE_URL: required when the command service runs on its own'])
  }
  const store = createEventStore({
    databaseUrl: config.DATABASE_URL,
    eventStoreUrl: config.EVENTSTORE_URL,
    logger,
  })
  await store.migrate()
  const knex = createKnex(config.DATABASE_URL)
  // The reactors run beside the command service (DESIGN section 1); mail needs SMTP_URL here.
  if (!config.SMTP_URL) throw new ConfigError(['SMTP_URL: required when the command service runs on its own'])
  const mailer = createSmtpMailer({ url: config.SMTP_URL })
  const service = await startCommandService({ config, store, knex, mailer, logger })
  const server = createServer(service.app.callback())
  await listen(server, config.COMMAND_SERVICE_PORT, config.HOST)
  logger.info(`command service listening on ${config.HOST}:${config.COMMAND_SERVICE_PORT}`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping')
    const forced = setTimeout(() => {
      logger.error('requests did not finish in time; exiting')
      process.exit(1)
    }, shutdownGraceMs)
    forced.unref()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    await service.stop()
    mailer.close()
    await knex.destroy()
    await store.close()
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
