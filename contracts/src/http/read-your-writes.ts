/**
 * Read-your-writes across processes (DESIGN section 1): the command and query services run as
 * many instances as wanted, so a query may reach an instance whose read models have not yet
 * applied the command the same client just made. The command's answer says how far the log
 * must be read; the client asks the query service to wait for that point.
 */

/**
 * On a command's answer: the log position (`commit/prepare`) of the last event it appended that
 * a read model shows. Absent when the command changed nothing the read side shows.
 */
export const eventPositionHeader = 'X-Event-Position'

/**
 * On a query: answer only once every read model (all but one stuck on a failed event) has
 * applied the log up to this position, waiting a bounded time; an `X-Event-Position` value.
 */
export const readAfterHeader = 'X-Read-After'

/** On a query's answer, `true`: the wait ran out, so the answer may not show that position yet. */
export const readStaleHeader = 'X-Read-Stale'

/** A PostgreSQL transaction id and a sequence value are each below 2^64: at most 20 digits. */
const positionPattern = /^(\d{1,20})\/(\d{1,20})$/

export interface EventPosition {
  readonly commit: bigint
  readonly prepare: bigint
}

/** The position a header carries, or undefined when it is not one. */
export function parseEventPosition(value: string): EventPosition | undefined {
  const match = positionPattern.exec(value)
  if (!match?.[1] || !match[2]) return undefined
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) }
}

/** The later of two header values; a value that is not a position loses. */
export function laterEventPosition(a: string | undefined, b: string | undefined): string | undefined {
  const pa = a === undefined ? undefined : parseEventPosition(a)
  const pb = b === undefined ? undefined : parseEventPosition(b)
  if (!pa) return pb ? b : undefined
  if (!pb) return a
  const later = pb.commit !== pa.commit ? pb.commit > pa.commit : pb.prepare > pa.prepare
  return later ? b : a
}
