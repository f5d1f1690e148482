import { createServer } from 'node:http'
import path from 'node:path'
import { loadConfig } from '../config/config'
import { createLogger } from '../logger'
import { createGateway } from './gateway'
import { httpProxy } from './proxy'

/** The gateway as its own process (docker-compose): proxies to the services by URL. */
const config = loadConfig()
const logger = createLogger({ level: config.LOG_LEVEL, name: 'gateway' })
const { COMMAND_SERVICE_URL: commandUrl, QUERY_SERVICE_URL: queryUrl } = config
if (!commandUrl || !queryUrl) {
  console.error(
    'Invalid configuration: COMMAND_SERVICE_URL and QUERY_SERVICE_URL are required for the gateway',
  )
  process.exit(1)
}
const onError = (error: Error) => logger.error({ err: error }, 'service unreachable')
const gateway = createGateway({
  logger,
  services: { command: httpProxy(commandUrl, onError), query: httpProxy(queryUrl, onError) },
  webDistDir: config.WEB_DIST_DIR,
  mediaDir: path.join(config.DATA_DIR, 'media'),
})
const server = createServer(gateway.callback())
server.listen(config.PORT, config.HOST, () => logger.info(`Gateway listening on ${config.PORT}`))
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  })
}
