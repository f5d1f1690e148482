import { hostname } from 'node:os'
import pg from 'pg'
import type { Logger } from '../logger'
import { createLeases, type LeaseSession, type Leases } from './leases'

/**
 * The first key of every consumer lease's advisory lock: 'leas' in ASCII. The second is the
 * consumer's `leaseKey`. (The mail senders' locks use 'mail'.)
 */
export const consumerLeaseClass = 0x6c656173

export interface PgLeaseSessionOptions {
  readonly connectionString: string
  /** Opening the connection. */
  readonly connectMs: number
  /** Each call; a check the database does not answer within it loses the leases. */
  readonly callMs: number
  /** How often the leases call (`LeasesOptions.retryMs`): the server's keepalives are set from it. */
  readonly retryMs: number
  /** Names the holder in `pg_stat_activity` (`application_name`), with host and pid. */
  readonly processName: string
}

/** `application_name` takes 63 bytes; the rest is cut off by the server anyway. */
const applicationNameOf = (processName: string) => `${processName} ${hostname()}:${process.pid}`.slice(0, 63)

/**
 * How long the server waits before it ends a holder's session that went silent (a host that
 * vanished, a network cut: a killed process closes its socket and is noticed at once). The
 * holder notices within `retryMs + callMs` (its next check fails), and stops its consumers; the
 * server's keepalives give up five times later, and only then may another process take over.
 */
export function keepalivesFor(retryMs: number, callMs: number) {
  const unit = Math.max(1, Math.ceil((retryMs + callMs) / 1000))
  return { idleSeconds: 2 * unit, intervalSeconds: unit, count: 3 }
}

/** Destroys the socket if an orderly end does not finish in time (the server may be gone). */
async function closeClient(client: pg.Client, withinMs: number): Promise<void> {
  const socket = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    client.end().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, withinMs)
    }),
  ])
  clearTimeout(timer)
  socket?.destroy()
}

/**
 * Opens the session that holds this process's leases: a connection of its own, outside any
 * pool, so its locks live exactly as long as it does. Every call is bounded by `callMs` on both
 * sides (the server's statement timeout and the client's), opening by `connectMs`.
 */
export function pgLeaseSession(
  options: PgLeaseSessionOptions,
): (onLost: (error: unknown) => void) => Promise<LeaseSession> {
  return async (onLost) => {
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectMs,
      statement_timeout: options.callMs,
      query_timeout: options.callMs,
      keepAlive: true,
      application_name: applicationNameOf(options.processName),
    })
    client.on('error', (error) => onLost(error))
    client.on('end', () => onLost(new Error('The lease connection ended')))
    try {
      await client.connect()
      const keepalives = keepalivesFor(options.retryMs, options.callMs)
      await client.query(
        `select set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false),
                set_config('tcp_keepalives_count', $3, false)`,
        [keepalives.idleSeconds, keepalives.intervalSeconds, keepalives.count].map(String),
      )
    } catch (error) {
      await closeClient(client, options.callMs)
      throw error
    }
    return {
      async tryLock(keys) {
        const { rows } = await client.query<{ key: number; taken: boolean }>(
          'select k as key, pg_try_advisory_lock($1::int, k) as taken from unnest($2::int[]) as k',
          [consumerLeaseClass, keys],
        )
        return new Set(rows.filter((row) => row.taken).map((row) => row.key))
      },
      async unlock(key) {
        await client.query('select pg_advisory_unlock($1::int, $2::int)', [consumerLeaseClass, key])
      },
      async ping() {
        await client.query('select 1')
      },
      close: () => closeClient(client, options.callMs),
    }
  }
}

export interface PgLeasesOptions {
  readonly connectionString: string
  readonly logger: Logger
  /** LEASE_RETRY_MS: how often a free lease is tried, and a held one's session checked. */
  readonly retryMs: number
  /** Opening the connection (DB_CONNECT_TIMEOUT_MS). */
  readonly connectMs: number
  /** Names this process among the holders, in `pg_stat_activity`. */
  readonly processName: string
}

/**
 * Leases on PostgreSQL advisory locks. A check waits at most `retryMs` (and at least a second):
 * a holder that cannot get an answer that fast stops its consumers rather than risk running
 * them beside a successor.
 */
export function createPgLeases(options: PgLeasesOptions): Leases {
  const { connectionString, logger, retryMs, connectMs, processName } = options
  const callMs = Math.max(1000, retryMs)
  return createLeases({
    connect: pgLeaseSession({ connectionString, connectMs, callMs, retryMs, processName }),
    logger,
    retryMs,
  })
}
