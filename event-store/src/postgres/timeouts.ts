import type pg from 'pg'

/**
 * How long any database call may take before it fails instead of hanging. Every pool the
 * platform opens on PostgreSQL (the event store's, the read models' and the command side's)
 * takes these, so a hung or unreachable server costs a request seconds, never for ever.
 */
export interface DatabaseTimeouts {
  /** Opening a connection (TCP, TLS, start-up); for a pg pool also waiting for a free one. */
  readonly connectMs: number
  /** Waiting for a free connection in a knex pool (including opening one). */
  readonly acquireMs: number
  /**
   * One statement, ended by the server (`statement_timeout`). The client gives up a moment
   * later (`query_timeout`), which is what ends a call when the server or network hangs.
   */
  readonly statementMs: number
  /** A transaction left idle this long is ended by the server, releasing its locks. */
  readonly idleInTransactionMs: number
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 5_000,
  acquireMs: 10_000,
  statementMs: 15_000,
  idleInTransactionMs: 30_000,
}

/**
 * The client waits this much longer than the server: a slow statement is cancelled by the
 * server (the connection stays usable) before the client would abandon it.
 */
const clientGraceMs = 1_000

/** The pg client settings for `timeouts` (for `pg.Pool`, `pg.Client` and knex's `connection`). */
export function pgTimeoutSettings(
  timeouts: DatabaseTimeouts,
): Pick<
  pg.ClientConfig,
  | 'connectionTimeoutMillis'
  | 'statement_timeout'
  | 'query_timeout'
  | 'idle_in_transaction_session_timeout'
  | 'keepAlive'
> {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + clientGraceMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A peer that vanished without closing is found by the kernel rather than never.
    keepAlive: true,
  }
}
