import { isDatabaseUnavailable } from '@prizes/event-store'

/** A call that took longer than its caller would wait. */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`timeout after ${ms} ms`)
    this.name = 'DeadlineExceeded'
  }
}

/**
 * `work`, or a DeadlineExceeded after `ms`, whichever comes first. The work itself carries on
 * (bounded by the pool's own timeouts); only the caller stops waiting for it.
 */
export function withinDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(ms)), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/** The database as a health check reports it; `reason` says what failed, never where. */
export type DatabaseHealth = { readonly ok: true } | { readonly ok: false; readonly reason: string }

const reasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  '57P01': 'the server is shutting down',
  '57P03': 'the server is starting up',
  '53300': 'too many connections',
  '57014': 'statement timeout',
}

/** The driver's own words for its timeouts and cut connections, said plainly. */
const driverReasons: ReadonlyArray<readonly [RegExp, string]> = [
  [/timeout expired$|due to connection timeout$|when trying to connect$/, 'connection timeout'],
  [/Query read timeout$/, 'no answer to a query in time'],
  [/Connection terminated/, 'connection lost'],
]

/**
 * Why the database failed, in words fit for a public health check: the timeout, the kind of
 * failure or the server's error code, but no host, port or query.
 */
export function describeDatabaseFailure(error: unknown): string {
  if (error instanceof DeadlineExceeded) return error.message
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string') return reasons[code] ?? `database error ${code}`
  if (error instanceof AggregateError) return describeDatabaseFailure(error.errors[0])
  if (!(error instanceof Error) || !isDatabaseUnavailable(error)) return 'unexpected error'
  if (error.name === 'KnexTimeoutError') return 'no free connection in time'
  return driverReasons.find(([pattern]) => pattern.test(error.message))?.[1] ?? 'connection failed'
}

/** Runs `check` (one cheap query) within `deadlineMs`: whether the database answers, and if not why. */
export async function probeDatabase(
  check: () => Promise<unknown>,
  deadlineMs: number,
): Promise<DatabaseHealth> {
  try {
    await withinDeadline(deadlineMs, check())
    return { ok: true }
  } catch (error) {
    return { ok: false, reason: describeDatabaseFailure(error) }
  }
}
