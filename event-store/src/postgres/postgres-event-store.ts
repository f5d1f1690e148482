import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { consoleLogger, type EventStoreLogger } from '../logger'
import type { EventStore, Subscription } from '../port'
import type { SnapshotStore } from '../snapshots/port'
import { createAppendAnnouncer } from './announce'
import { appendEvents } from './append'
import { createLiveTail } from './live-tail'
import { readAllPage } from './read-all'
import { readStream } from './read-stream'
import { schemaSql } from './schema'
import { createPostgresSnapshotStore, snapshotsSchemaSql } from './snapshots'
import { type SubscriptionTiming, subscribeToAll } from './subscription'
import { type DatabaseTimeouts, defaultDatabaseTimeouts, pgTimeoutSettings } from './timeouts'
import { inTransaction } from './transaction'
import { createWakeUps } from './wake-ups'

export interface PostgresEventStoreOptions {
  readonly connectionString: string
  readonly logger?: EventStoreLogger
  /** Tuning for subscriptions; the defaults suit production. */
  readonly subscriptions?: Partial<SubscriptionTiming>
  /** Bounds on every call; the defaults unless given (see `DatabaseTimeouts`). */
  readonly timeouts?: Partial<DatabaseTimeouts>
}

export type PostgresEventStore = EventStore & {
  /** Always there on PostgreSQL: appends and the caller's own statements in one transaction. */
  transaction: NonNullable<EventStore['transaction']>
  /** Creates the schema if it is missing; call once at start. Safe to run concurrently. */
  migrate(): Promise<void>
  readonly pool: pg.Pool
  /** Snapshots of folded streams, in the same database. */
  readonly snapshots: SnapshotStore
  /** Queries of the log made by the store's live tail, shared by its subscriptions. */
  tailReads(): number
}

const defaultTiming: SubscriptionTiming = {
  batchSize: 500,
  pollIntervalMs: 1_000,
  heldBackRetryMs: 20,
  tailCapacity: 10_000,
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const logger = options.logger ?? consoleLogger
  const timing = { ...defaultTiming, ...options.subscriptions }
  const settings = {
    connectionString: options.connectionString,
    ...pgTimeoutSettings({ ...defaultDatabaseTimeouts, ...options.timeouts }),
  }
  const pool = new pg.Pool({ ...settings, max: 20 })
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', (error: Error & { code?: string }) =>
    // 57P01: the server is shutting down (a restart, or the whole process group being stopped).
    error.code === '57P01'
      ? logger.warn({ code: error.code }, 'event store connection closed by the server shutting down')
      : logger.warn({ err: error }, 'event store idle connection failed'),
  )
  // pg-pool's end() resolves before its connections have closed; close() waits for them, so a
  // caller may stop the server right after (the embedded cluster does) without cutting them off.
  const open = new Set<pg.PoolClient>()
  pool.on('connect', (client) => {
    open.add(client)
    client.once('end', () => open.delete(client))
  })
  const self = randomUUID()
  const wakeUps = createWakeUps(settings, logger, self)
  const subscriptions = new Set<Subscription>()
  const announcer = createAppendAnnouncer(pool, wakeUps.wakeLocal, logger, self)
  const tail = createLiveTail(
    pool,
    wakeUps,
    {
      capacity: timing.tailCapacity,
      pageSize: timing.batchSize,
      pollIntervalMs: timing.pollIntervalMs,
      heldBackRetryMs: timing.heldBackRetryMs,
    },
    logger,
  )

  return {
    pool,
    snapshots: createPostgresSnapshotStore(pool),
    tailReads: () => tail.reads(),
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('begin')
        await client.query(schemaSql)
        await client.query(snapshotsSchemaSql)
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async append(streamId, events, { expectedRevision }) {
      const result = await appendEvents(pool, streamId, events, expectedRevision)
      announcer.announce()
      return result
    },
    transaction: (work) => inTransaction(pool, () => announcer.announce(), work),
    readStream: (streamId, readOptions) => readStream(pool, streamId, readOptions),
    async readAll({ from, limit, filter }) {
      return (await readAllPage(pool, from, limit, filter)).events
    },
    subscribeToAll(subscribeOptions) {
      const subscription = subscribeToAll(pool, wakeUps, tail, timing, subscribeOptions, (s) =>
        subscriptions.delete(s),
      )
      subscriptions.add(subscription)
      return subscription
    },
    async close() {
      announcer.close()
      await Promise.all([...subscriptions].map((s) => s.close()))
      await tail.close()
      await wakeUps.close()
      const closing = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)))
      await pool.end()
      await Promise.all(closing)
    },
  }
}
