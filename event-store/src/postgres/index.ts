export { notifyAppended } from './announce'
export { appendEvents, type Queryable } from './append'
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres-event-store'
export type { SubscriptionTiming } from './subscription'
export { type DatabaseTimeouts, defaultDatabaseTimeouts, pgTimeoutSettings } from './timeouts'
export { isDatabaseUnavailable } from './unavailable'
