export { createInMemoryEventStore, type InMemoryEventStore } from './in-memory-event-store'
export { createTestDatabase, type TestDatabase } from './test-database'
