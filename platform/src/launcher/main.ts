import { ConfigError, loadConfig } from '../config/config'
import { createLogger } from '../logger'
import { startPlatform } from './platform'

/** `npm start`: the whole platform from one command. */
async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY, name: 'platform' })
  const started = Date.now()
  const platform = await startPlatform(config, logger)
  logger.info(`Prize platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  logger.info(`  Web and API:  ${platform.url}`)
  if (platform.mailUrl) logger.info(`  MailDev:      ${platform.mailUrl}`)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal} received, shutting down`)
    await platform.stop()
    logger.info('Stopped cleanly')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error('The platform failed to start:', error)
  process.exit(1)
})
