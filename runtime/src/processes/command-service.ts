import { createServer } from 'node:http'
import { startCommandService } from '@prizes/command-service'
import { closeServer, listen, runProcess } from '@prizes/platform'
import { serviceReactorsOf } from '@prizes/reactors'
import { readSideOf } from '../read-side'
import { databaseJobs } from './database-jobs'
import { openStandalone } from './standalone'

/**
 * The command service on its own (docker-compose): the write endpoints only, no reactors and no
 * timers (those run in the consumers processes), so run as many as wanted. `npm start` does not
 * use this file: the launcher runs the same service in its one process.
 */
runProcess('command-service', async ({ config, logger }) => {
  const { store, knex, mailer, close } = await openStandalone('the command service', config, logger)
  const reactors = serviceReactorsOf({ config, store, knex, logger })
  const service = await startCommandService({
    ...{ config, store, knex, mailer, logger, reactors, databaseJobs },
    ...readSideOf(knex),
  })
  const server = createServer(service.app.callback())
  await listen(server, config.COMMAND_SERVICE_PORT, config.HOST)
  logger.info(`command service listening on ${config.HOST}:${config.COMMAND_SERVICE_PORT}`)
  return async () => {
    await closeServer(server)
    await service.stop()
    await close()
  }
})
