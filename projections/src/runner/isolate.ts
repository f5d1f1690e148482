import {
  comparePositions,
  isDatabaseUnavailable,
  type Position,
  type RecordedEvent,
} from '@prizes/event-store'
import type { Knex } from 'knex'
import type { Projection } from '../projection'
import { applyRows } from './apply-events'

/** What applying one projection's share of a batch came to. */
export type Isolated =
  | { readonly ok: true }
  | {
      readonly ok: false
      /** The last event applied before the culprit ('start' or the prior checkpoint if none). */
      readonly appliedUpTo: Position | 'start'
      readonly event: RecordedEvent
      readonly error: unknown
    }

/**
 * SQLSTATE classes of failures that say nothing about the event: the connection, a deadlock
 * or serialisation failure, resources, an operator. Those fail the whole batch, to be retried;
 * anything else (bad data, a value the column cannot hold) is the event's and stops the
 * projection.
 */
const transientClasses = new Set(['08', '40', '53', '55', '57', '58'])

export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  // The driver's own timeouts and cut connections carry no SQLSTATE (a statement that timed out
  // says nothing about its event either).
  if (isDatabaseUnavailable(error)) return true
  if (typeof code !== 'string') return false
  // Node's own socket errors (ECONNRESET, EPIPE, ...).
  if (code.startsWith('E')) return true
  return code.length === 5 && transientClasses.has(code.slice(0, 2))
}

/** Applies inside a savepoint: a failure undoes only this, and the transaction stays usable. */
async function inSavepoint(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<unknown> {
  try {
    await trx.transaction((savepoint) => applyRows(savepoint, projection, events))
    return undefined
  } catch (error) {
    if (isTransient(error)) throw error
    return error ?? new Error('failed without an error')
  }
}

/**
 * Applies a projection's events in a savepoint of the batch's transaction. When they fail
 * together, goes again one event at a time, so the failure names its event and every event
 * before it is kept. Transient failures are rethrown, failing the whole batch.
 */
export async function applyIsolated(
  trx: Knex.Transaction,
  projection: Projection,
  events: readonly RecordedEvent[],
  from: Position | 'start',
): Promise<Isolated> {
  if ((await inSavepoint(trx, projection, events)) === undefined) return { ok: true }
  let appliedUpTo = from
  for (const event of events) {
    const error = await inSavepoint(trx, projection, [event])
    if (error !== undefined) return { ok: false, appliedUpTo, event, error }
    appliedUpTo = event.position
  }
  return { ok: true }
}

/** Whether `position` comes after `from`: the events a projection has not yet applied. */
export const isAfter = (position: Position, from: Position | 'start') =>
  from === 'start' || comparePositions(position, from) > 0
