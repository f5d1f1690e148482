export type { DatabaseTimeouts } from '@prizes/event-store'
export * from './auth'
export {
  type Config,
  ConfigError,
  databaseTimeouts,
  developmentPublishedDetails,
  isProduction,
  loadConfig,
  type PaymentsMode,
  publicDrandRelays,
  stripeConfigured,
  testMode,
} from './config/config'
export { environmentKeys, environmentSessionKeys, keysRequired } from './config/keys'
export * from './consumers'
export { createKnex, type KnexOptions } from './db/knex'
export { inCodeMigrationSource } from './db/migrations'
export {
  createNotificationListener,
  type NotificationListener,
  type NotificationListenerOptions,
} from './db/notification-listener'
export { openPlatformDatabase, type PlatformDatabase } from './db/platform-database'
export {
  type DatabaseHealth,
  DeadlineExceeded,
  describeDatabaseFailure,
  probeDatabase,
  withinDeadline,
} from './db/probe'
export { freePort, isPortFree } from './embedded/free-port'
export { type MailDevHandle, startMailDev } from './embedded/maildev'
export { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded/postgres'
export { createGateway, type GatewayOptions } from './gateway/gateway'
export {
  defaultProxyIdleTimeoutMs,
  httpProxy,
  type ProxyFailure,
  type ProxyHandler,
  type ProxyOptions,
  type RequestHandler,
} from './gateway/proxy'
export {
  commandServiceSettings,
  homeAnswers,
  pageAnswers,
  paymentConfigOf,
  queryServicePages,
} from './gateway/query-pages'
export { type AppOptions, createApp, errorHandler } from './http/app'
export {
  type ClientAddress,
  clientAddressOf,
  normaliseAddress,
  parseTrustedProxies,
  type TrustedProxies,
} from './http/client-address'
export {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  serviceUnavailable,
  unauthorized,
} from './http/errors'
export { jsonBody } from './http/json-body'
export {
  docsContentSecurityPolicy,
  type SecurityHeadersOptions,
  securityHeaders,
} from './http/security-headers'
export { parseOr400, validateRequestTarget } from './http/validate'
export { createLogger, type Logger } from './logger'
export * from './metrics'
export * from './personal-data'
export { closeServer, listen, runProcess } from './process/run-process'
export {
  type CheckpointWatcher,
  type CheckpointWatcherOptions,
  createCheckpointWatcher,
  type WaitOutcome,
} from './read-models/checkpoint-watcher'
export { defaultReadAfterTimeoutMs, readAfter } from './read-models/read-after'
export * from './settings'
export { platformVersion } from './version'
