import type { Server } from 'node:http'
import { type Config, ConfigError, loadConfig } from '../config/config'
import { createLogger, type Logger } from '../logger'

/** How long a stop may take after SIGINT/SIGTERM before the process exits anyway. */
const stopGraceMs = 10_000

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

/** Stops accepting, lets requests in flight finish, and drops idle keep-alive connections. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeIdleConnections()
  })
}

/**
 * Runs one of the platform's processes: reads the configuration (a bad variable ends the start
 * with a message naming it), makes the logger, starts, and on SIGINT or SIGTERM runs the stop
 * that `start` returned, exiting when it is done or after a grace period.
 */
export function runProcess(
  name: string,
  start: (context: { config: Config; logger: Logger }) => Promise<() => Promise<void>>,
): void {
  const main = async () => {
    const config = loadConfig()
    const logger = createLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY, name })
    const stop = await start({ config, logger })
    let stopping = false
    const onSignal = (signal: string) => {
      if (stopping) return
      stopping = true
      logger.info(`${signal} received, shutting down`)
      setTimeout(() => {
        logger.error('did not stop in time; exiting')
        process.exit(1)
      }, stopGraceMs).unref()
      stop().then(
        () => {
          logger.info('Stopped cleanly')
          process.exit(0)
        },
        (error: unknown) => {
          logger.error({ err: error }, 'could not stop cleanly')
          process.exit(1)
        },
      )
    }
    process.once('SIGINT', onSignal)
    process.once('SIGTERM', onSignal)
  }
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  })
}
