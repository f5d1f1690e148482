import { runProcess } from '@prizes/platform'
import { developmentPostalAddress, startPlatform } from './platform'

// Outside production the embedded platform needs somewhere to show for the free postal route;
// it says plainly that it is a development address. Production must set its own (the config refuses).
const production = process.env.NODE_ENV === 'production' || process.env.PUBLIC_URL?.startsWith('https://')
if (!production && !process.env.POSTAL_ADDRESS) process.env.POSTAL_ADDRESS = developmentPostalAddress

/** `npm start`: the whole platform from one command. */
runProcess('platform', async ({ config, logger }) => {
  const started = Date.now()
  const platform = await startPlatform(config, logger)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  logger.info({ url: platform.url, mailUrl: platform.mailUrl }, `Prize platform ready in ${seconds} s`)
  // The addresses as plain lines too, not only inside JSON log lines, for whoever ran npm start.
  const lines = [
    `Prize platform ready in ${seconds} s`,
    `  Web and API:    ${platform.url}`,
    `  API reference:  ${platform.url}/api/docs`,
    `  Health:         ${platform.url}/api/health`,
    `  Metrics:        ${platform.url}/metrics`,
  ]
  if (platform.mailUrl) lines.push(`  MailDev:        ${platform.mailUrl}`)
  process.stdout.write(`\n${lines.join('\n')}\n\n`)
  return () => platform.stop()
})
