import { runProcess } from '../process/run-process'
import { startPlatform } from './platform'

/** `npm start`: the whole platform from one command. */
runProcess('platform', async ({ config, logger }) => {
  const started = Date.now()
  const platform = await startPlatform(config, logger)
  logger.info(`Prize platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  logger.info(`  Web and API:  ${platform.url}`)
  if (platform.mailUrl) logger.info(`  MailDev:      ${platform.mailUrl}`)
  return () => platform.stop()
})
