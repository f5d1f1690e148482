import { createServer, type Server } from 'node:http'
// The platform's knex factory and shared secrets; no event store or runner in this process.
import { ConfigError, createKnex, createLogger, type Logger, loadConfig, loadSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import { createQueryApp } from './app'

/**
 * The query service on its own (docker-compose). `npm start` does not use this file: the
 * launcher mounts the same app in one process. The read-model schema belongs to the
 * projections process, which migrates it; this service only reads.
 */

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const shutdownGraceMs = 10_000
/** How long to wait for the command service to create its tables on a fresh database. */
const secretWaitMs = 120_000

/**
 * The session-token secret lives in `platform_secrets`, which the command service migrates. On
 * a fresh database both start together, so wait for the table rather than fail.
 */
async function sessionSecret(knex: Knex, logger: Logger): Promise<Buffer> {
  const deadline = Date.now() + secretWaitMs
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await loadSecrets(knex)).jwt
    } catch (error) {
      if (Date.now() > deadline) throw error
      if (attempt === 0) logger.info('waiting for the command service to create its tables')
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}

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
    name: 'query-service',
  })
  if (!config.DATABASE_URL) {
    throw new ConfigError(['DATABASE_URL: required when the query service runs on its own'])
  }
  const knex = createKnex(config.DATABASE_URL, { poolMax: 10 })
  const secret = await sessionSecret(knex, logger)
  const server = createServer(createQueryApp({ knex, logger, secret }).callback())
  await listen(server, config.QUERY_SERVICE_PORT, config.HOST)
  logger.info(`query service listening on ${config.HOST}:${config.QUERY_SERVICE_PORT}`)

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
