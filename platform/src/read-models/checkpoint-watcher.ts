import { comparePositions, type Position, positionFromString } from '@prizes/event-store'
import type { Knex } from 'knex'
import type { Logger } from 'pino'

/**
 * The projections' checkpoint table (`projections/src/checkpoints.ts`), read by name: the
 * services that wait on it run where the projections are not, and import no projection code.
 */
const checkpointTable = 'projection_checkpoints'

/** PostgreSQL's "undefined_table": the read models are not migrated yet. */
const undefinedTable = '42P01'

/**
 * How a wait ended: `reached`, every projection not stuck has applied the position; `timedOut`,
 * the bound passed first; `busy`, too many were waiting already, so this one did not.
 */
export type WaitOutcome = 'reached' | 'timedOut' | 'busy'

export interface CheckpointWatcher {
  /** Waits, at most `timeoutMs`, until the read models have applied the log up to `position`. */
  waitFor(position: Position, timeoutMs: number): Promise<WaitOutcome>
  /**
   * The event types some projection handles (their rows' `handles`), read again at most every
   * `typesTtlMs`: a command's events of other types never move a checkpoint, so nobody should
   * wait for them. Empty while no projection has registered.
   */
  projectedTypes(): Promise<ReadonlySet<string>>
}

export interface CheckpointWatcherOptions {
  readonly knex: Knex
  readonly logger: Logger
  /** How often the table is read while anyone waits; 25 ms unless given. */
  readonly pollMs?: number
  /** Most waits at once; more answer `busy` at once. 1000 unless given. */
  readonly maxWaiters?: number
  /** How long the projected event types are reused; 10 s unless given. */
  readonly typesTtlMs?: number
  /** The clock the types' time to live is timed by; tests move it. The real clock unless given. */
  readonly now?: () => number
}

/**
 * How far every projection that is not stuck has got: a position, 'start' when one has applied
 * nothing yet, or 'none' when there is nothing to wait for (no projection registered, or every
 * one stuck on a failed event, which will not move before a restart).
 */
type Floor = Position | 'start' | 'none'

interface Waiter {
  readonly position: Position
  readonly resolve: (outcome: WaitOutcome) => void
  readonly timer: NodeJS.Timeout
}

interface CheckpointRow {
  readonly position: string | null
  readonly failed_position: string | null
}

const isUndefinedTable = (error: unknown) => (error as { code?: unknown }).code === undefinedTable

/**
 * One per process, shared by every request that waits: while anyone waits, the checkpoint table
 * (a row per projection) is read once every `pollMs` and each waiter whose position the slowest
 * projection has passed is answered; while nobody waits, nothing is read. A thousand waiting
 * requests cost the same one small read as one, and every process polls on its own, so the
 * database sees one read per poll per process. Checkpoints only move forward (the log is read in
 * commit order: nothing appears before a position already applied), so the furthest floor seen
 * answers later waits for earlier positions without a read.
 */
export function createCheckpointWatcher(options: CheckpointWatcherOptions): CheckpointWatcher {
  const { knex, logger } = options
  const pollMs = options.pollMs ?? 25
  const maxWaiters = options.maxWaiters ?? 1000
  const typesTtlMs = options.typesTtlMs ?? 10_000
  const clock = options.now ?? Date.now
  const waiters = new Set<Waiter>()
  /** The furthest every live projection was seen to have got. */
  let reached: Position | undefined
  let polling = false
  let failing = false

  const passed = (position: Position) => reached !== undefined && comparePositions(reached, position) >= 0

  async function readFloor(): Promise<Floor> {
    let rows: CheckpointRow[]
    try {
      rows = await knex(checkpointTable).select<CheckpointRow[]>('position', 'failed_position')
    } catch (error) {
      if (isUndefinedTable(error)) return 'none'
      throw error
    }
    let floor: Floor = 'none'
    for (const row of rows) {
      if (row.failed_position !== null) continue
      if (row.position === null) return 'start'
      const position = positionFromString(row.position)
      if (floor === 'none' || comparePositions(position, floor as Position) < 0) floor = position
    }
    return floor
  }

  function answer(waiter: Waiter, outcome: WaitOutcome) {
    clearTimeout(waiter.timer)
    waiters.delete(waiter)
    waiter.resolve(outcome)
  }

  async function poll(): Promise<void> {
    polling = true
    try {
      while (waiters.size > 0) {
        const started = Date.now()
        try {
          const floor = await readFloor()
          if (failing) logger.info('read-model checkpoints readable again')
          failing = false
          if (floor === 'none') {
            for (const waiter of waiters) answer(waiter, 'reached')
          } else if (floor !== 'start') {
            if (!passed(floor)) reached = floor
            for (const waiter of waiters) if (passed(waiter.position)) answer(waiter, 'reached')
          }
        } catch (error) {
          // The waiters' own bounds answer them; one line per outage, not one per poll.
          if (!failing) logger.warn({ err: error }, 'cannot read the read-model checkpoints')
          failing = true
        }
        if (waiters.size === 0) break
        const rest = pollMs - (Date.now() - started)
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest))
      }
    } finally {
      polling = false
    }
  }

  let types: { readonly at: number; readonly value: Promise<ReadonlySet<string>> } | undefined

  async function readTypes(): Promise<ReadonlySet<string>> {
    try {
      // A stuck projection's types too: the runner reads them all the same, and the others advance.
      const rows = await knex(checkpointTable).select<Array<{ handles: string[] | null }>>('handles')
      return new Set(rows.flatMap((row) => row.handles ?? []))
    } catch (error) {
      if (isUndefinedTable(error)) return new Set()
      throw error
    }
  }

  return {
    waitFor(position, timeoutMs) {
      if (passed(position)) return Promise.resolve('reached')
      if (timeoutMs <= 0) return Promise.resolve('timedOut')
      if (waiters.size >= maxWaiters) return Promise.resolve('busy')
      return new Promise<WaitOutcome>((resolve) => {
        const waiter: Waiter = {
          position,
          resolve,
          timer: setTimeout(() => answer(waiter, 'timedOut'), timeoutMs),
        }
        waiters.add(waiter)
        if (!polling) void poll()
      })
    },
    projectedTypes() {
      const now = clock()
      if (!types || now - types.at >= typesTtlMs) {
        const value = readTypes()
        // A failed read is not kept: the next caller tries again.
        const entry = { at: now, value }
        types = entry
        value.catch(() => {
          if (types === entry) types = undefined
        })
      }
      return types.value
    },
  }
}
