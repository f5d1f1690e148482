import { createServer } from 'node:http'
import path from 'node:path'
import { companyDetailsOf, contactDetailsOf } from '@prizes/command-service'
import {
  ConfigError,
  closeServer,
  commandServiceSettings,
  createGateway,
  homeAnswers,
  httpProxy,
  listen,
  type ProxyFailure,
  pageAnswers,
  parseTrustedProxies,
  paymentConfigOf,
  queryServicePages,
  runProcess,
  stripeConfigured,
} from '@prizes/platform'

/**
 * The gateway as its own process (docker-compose): proxies to the services by URL, spreading
 * requests over every instance listed (COMMAND_SERVICE_URL and QUERY_SERVICE_URL take several).
 */
runProcess('gateway', async ({ config, logger }) => {
  const { COMMAND_SERVICE_URL: commandUrl, QUERY_SERVICE_URL: queryUrl } = config
  if (!commandUrl || !queryUrl) {
    throw new ConfigError(['COMMAND_SERVICE_URL and QUERY_SERVICE_URL: required for the gateway on its own'])
  }
  const onError = (error: Error, { target, retried }: ProxyFailure) => {
    if (retried) logger.warn({ err: error, target }, 'service instance unreachable; trying the next')
    else logger.error({ err: error, target }, 'service unreachable')
  }
  const query = httpProxy(queryUrl, onError)
  // Competition pages' heads and statuses, the home page's lists, and the sitemap, from the query
  // service; the home page's settings from the command service.
  const { findHomeLists, ...pages } = queryServicePages(queryUrl)
  const settings = commandServiceSettings(commandUrl)
  // Fixed while the platform runs: the pages rendered on the server carry them.
  const fixedAnswers = {
    paymentConfig: paymentConfigOf(config),
    contactDetails: contactDetailsOf(companyDetailsOf(config)),
  }
  const gateway = createGateway({
    logger,
    services: { command: httpProxy(commandUrl, onError), query },
    webDistDir: config.WEB_DIST_DIR,
    mediaDir: path.join(config.DATA_DIR, 'media'),
    publicUrl: config.PUBLIC_URL,
    stripe: stripeConfigured(config),
    metrics: { token: config.METRICS_TOKEN },
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    ...pages,
    findHomeAnswers: homeAnswers(findHomeLists, settings, fixedAnswers),
    findPublicSettings: settings,
    findPageAnswers: pageAnswers(settings, fixedAnswers),
  })
  const server = createServer(gateway.callback())
  await listen(server, config.PORT, config.HOST)
  logger.info(`Gateway listening on ${config.PORT}`)
  return async () => {
    // Open event streams would keep the server from closing.
    query.closeStreams()
    await closeServer(server)
  }
})
