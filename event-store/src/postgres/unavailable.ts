/**
 * SQLSTATEs that say the database cannot serve now, whatever was asked: 08 (connection
 * exceptions), 53 (insufficient resources: too many connections, out of memory, disk full),
 * 57P01/57P02/57P03 (shut down by an operator, crashed, still starting), 57014 (cancelled, by
 * `statement_timeout` here) and 25P03 (`idle_in_transaction_session_timeout`).
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '57014', '25P03'])
const unavailableClasses = new Set(['08', '53'])

/** Node's own socket failures reaching the server. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * What node-postgres and pg-pool throw without a code when the connection fails, times out or
 * is cut (their messages are their API: nothing else tells these apart). knex puts the SQL and
 * ' - ' before the driver's message.
 */
const driverMessages = [
  'Connection terminated(?: unexpectedly| due to connection timeout)?',
  'Query read timeout',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
].map((message) => new RegExp(`(?:^| - )${message}$`))

function isUnavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  // knex's pool gave up waiting for a connection (acquireConnectionTimeout).
  if (error.name === 'KnexTimeoutError') return true
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (socketCodes.has(code) || unavailableStates.has(code)) return true
    if (code.length === 5 && unavailableClasses.has(code.slice(0, 2))) return true
  }
  return driverMessages.some((pattern) => pattern.test(error.message))
}

/**
 * Whether `error` means the database is down, hung or overloaded (so the caller should answer
 * 503 and try again later), rather than anything about the request. Follows `cause` and
 * `AggregateError`s, as pg reports a refused connection to every address it tried.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || !(error instanceof Error)) return false
  if (isUnavailableItself(error)) return true
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  )
    return true
  return isDatabaseUnavailable(error.cause, depth + 1)
}
