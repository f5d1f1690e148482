import { createServer } from 'node:http'
// The platform's knex factory and shared secrets; no event store or runner in this process.
import {
  ConfigError,
  closeServer,
  createKnex,
  databaseTimeouts,
  type EnvironmentSessionKeys,
  environmentPersonalDataKey,
  environmentSessionKeys,
  type Logger,
  listen,
  loadPersonalDataKey,
  loadSessionKeys,
  runProcess,
  type SessionKeys,
  usePersonalDataKey,
} from '@prizes/platform'
import { createQueryApp, startLiveCompetitions } from '@prizes/query-service'
import type { Knex } from 'knex'

/**
 * The query service on its own (docker-compose). `npm start` does not use this file: the
 * launcher mounts the same app in one process. The read-model schema belongs to the
 * consumers process, which migrates it; this service only reads.
 */

/** How long to wait for the command service to create its tables on a fresh database. */
const secretWaitMs = 120_000

/**
 * The session tokens' keys and the one the users' keys are wrapped under: the environment's
 * (JWT_SECRET and PERSONAL_DATA_KEY, required in production), else those in `platform_secrets`,
 * which the command service migrates. On a fresh database both start together, so wait for the
 * table rather than fail.
 */
async function loadKeys(
  knex: Knex,
  fromEnvironment: { readonly session: EnvironmentSessionKeys; readonly personalData: Buffer | undefined },
  logger: Logger,
): Promise<{ readonly session: SessionKeys; readonly personalData: Buffer }> {
  const deadline = Date.now() + secretWaitMs
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [session, personalData] = await Promise.all([
        loadSessionKeys(knex, fromEnvironment.session),
        loadPersonalDataKey(knex, fromEnvironment.personalData),
      ])
      return { session, personalData }
    } catch (error) {
      if (Date.now() > deadline) throw error
      if (attempt === 0) logger.info('waiting for the command service to create its tables')
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}

runProcess('query-service', async ({ config, logger }) => {
  if (!config.DATABASE_URL) throw new ConfigError(['DATABASE_URL: required for the query service on its own'])
  const knex = createKnex(config.DATABASE_URL, { poolMax: 10, timeouts: databaseTimeouts(config) })
  const fromEnvironment = {
    session: environmentSessionKeys(config),
    personalData: environmentPersonalDataKey(config),
  }
  const { session: secret, personalData } = await loadKeys(knex, fromEnvironment, logger)
  // The admin's lists decrypt names and emails with the users' keys, wrapped under this one.
  usePersonalDataKey(personalData)
  const live = startLiveCompetitions({
    connectionString: config.DATABASE_URL,
    timeouts: databaseTimeouts(config),
    logger,
  })
  const app = createQueryApp({
    live,
    knex,
    logger,
    secret,
    metrics: { token: config.METRICS_TOKEN },
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    readAfter: { timeoutMs: config.READ_AFTER_TIMEOUT_MS },
  })
  const server = createServer(app.callback())
  await listen(server, config.QUERY_SERVICE_PORT, config.HOST)
  logger.info(`query service listening on ${config.HOST}:${config.QUERY_SERVICE_PORT}`)
  return async () => {
    // Open streams would keep the server from closing.
    await live.close()
    await closeServer(server)
    await knex.destroy()
  }
})
