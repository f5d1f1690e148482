export { createReadSideTestDatabase, type ReadSideTestDatabase } from './database'
export * from './fixtures'
export { createInMemoryEventStore } from './in-memory-event-store'
