import { createEventStoreDbEventStore } from './eventstoredb'
import type { EventStoreLogger } from './logger'
import type { EventStore } from './port'
import { createPostgresEventStore, type DatabaseTimeouts } from './postgres'
import type { SnapshotStore } from './snapshots/port'

export interface CreateEventStoreOptions {
  /** PostgreSQL holding the events unless `eventStoreUrl` is given. */
  readonly databaseUrl: string
  /** An EventStoreDB/KurrentDB connection string; when set, events go there instead. */
  readonly eventStoreUrl?: string | undefined
  readonly logger?: EventStoreLogger
  /** Bounds on every PostgreSQL call (DB_*_TIMEOUT_MS); the defaults unless given. */
  readonly timeouts?: Partial<DatabaseTimeouts> | undefined
}

/** The adapter the configuration asks for. `migrate` is a no-op for EventStoreDB, which has no schema. */
export function createEventStore(
  options: CreateEventStoreOptions,
): EventStore & { migrate(): Promise<void>; readonly snapshots: SnapshotStore } {
  if (options.eventStoreUrl) {
    const store = createEventStoreDbEventStore({ connectionString: options.eventStoreUrl })
    return { ...store, migrate: async () => {} }
  }
  return createPostgresEventStore({
    connectionString: options.databaseUrl,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  })
}
