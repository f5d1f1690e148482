export { toEsdbConnectionString } from './connection-string'
export { createEventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store'
