import {
  type EventStore,
  type Position,
  positionFromString,
  positionToString,
  type RecordedEvent,
} from '@prizes/event-store'
import { type ConsumerContext, type Logger, startConsumer } from '@prizes/platform'
import type { Knex } from 'knex'
import {
  lockAndReadPositions,
  type ProjectionFailure,
  readCheckpointRow,
  registerProjection,
  writeCheckpoints,
  writeFailure,
} from './checkpoints'
import type { Projection } from './projection'
import { applyRows } from './runner/apply-events'
import { applyIsolated, isAfter, isTransient } from './runner/isolate'

export interface StartProjectionsOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly projections: readonly Projection[]
  /** Most events applied in one transaction while catching up. */
  readonly batchSize?: number
  /**
   * First retry delay after a failure of the whole batch (the database, not an event); it
   * doubles up to `maxRetryDelayMs`.
   */
  readonly retryDelayMs?: number
  readonly maxRetryDelayMs?: number
}

/** Where a projection has got to, and the event it is stuck on, if any. */
export interface ProjectionStatus {
  readonly name: string
  /** The last position it applied (as `positionToString`), null before its first event. */
  readonly position: string | null
  readonly failed: ProjectionFailure | null
}

export interface RunningProjections {
  /**
   * Resolves once every projection has processed the log up to `position` (inclusive). A
   * projection stuck on an event is not waited for: it will not move before a restart, and its
   * failure is in `status()` and the checkpoint table.
   */
  waitForPosition(position: Position, options?: { timeoutMs?: number }): Promise<void>
  status(): ProjectionStatus[]
  /** Ends the subscription after the batch in hand is committed. */
  stop(): Promise<void>
}

interface Member {
  readonly projection: Projection
  readonly log: Logger
  /** The last position applied: its checkpoint. */
  at: Position | 'start'
  /** Stored failure; after a restart it stays until the event is tried again. */
  failed: ProjectionFailure | null
  /** Failed in this process: skipped until the next start. */
  stuck: boolean
}

/** A batch's outcome for the members that took part. */
interface Committed {
  readonly advanced: readonly Member[]
  readonly failed: ReadonlyArray<{
    member: Member
    at: Position | 'start'
    failure: ProjectionFailure
    error: unknown
  }>
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Runs every projection from one subscription to `$all`, filtered to the event types any of them
 * handles and starting at the earliest checkpoint: the log is read once, and each projection
 * skips what it has already applied. Each batch is one transaction, each projection's share in
 * its own savepoint: a projection that cannot apply an event is rolled back alone, marked stuck
 * on that event in the same transaction, logged once, and skipped until the process restarts
 * (then it tries the event once more: the code may have been fixed). The others carry on.
 */
export async function startProjections(options: StartProjectionsOptions): Promise<RunningProjections> {
  const { store, knex, logger } = options
  const members: Member[] = []
  for (const projection of options.projections) {
    await registerProjection(knex, projection.name, projection.handles)
    const row = await readCheckpointRow(knex, projection.name)
    const log = logger.child({ projection: projection.name })
    members.push({ projection, log, at: row.position, failed: row.failed, stuck: false })
  }
  const active = () => members.filter((m) => !m.stuck)

  /**
   * Takes the locks of the projections in play and re-reads their checkpoints, in one round trip:
   * a rebuild may have swapped in new tables with a later position meanwhile, and those events
   * are skipped. The stored position is committed, so waiters may count on it even if this batch
   * fails. `advanceTo`: also writes that checkpoint for each of them still where this process
   * left it (see `lockAndReadPositions`), and answers which.
   */
  async function lockAndRefresh(
    trx: Knex.Transaction,
    context: ConsumerContext,
    playing: readonly Member[],
    advanceTo?: Position,
  ): Promise<ReadonlySet<string>> {
    const from = advanceTo
      ? playing
          .filter((m) => isAfter(advanceTo, m.at))
          .map((m): [string, string | null] => [
            m.projection.name,
            m.at === 'start' ? null : positionToString(m.at),
          ])
      : []
    const { rows, advanced } = await lockAndReadPositions(
      trx,
      playing.map((m) => m.projection.name),
      advanceTo ? { from, to: positionToString(advanceTo) } : undefined,
    )
    for (const row of rows) {
      const member = playing.find((m) => m.projection.name === row.name)
      if (!member || !row.position) continue
      member.at = positionFromString(row.position)
      context.advance(member.projection.name, member.at)
    }
    return advanced
  }

  /**
   * One transaction for the batch. The first attempt applies each projection's share straight
   * in it: any failure fails the whole transaction. `isolated` (after a failure that was not the
   * database's) puts each share in its own savepoint, so a projection that cannot apply an event
   * is rolled back alone and its failure recorded in the transaction, not thrown.
   */
  function commitOnce(
    batch: readonly RecordedEvent[],
    context: ConsumerContext,
    isolated: boolean,
  ): Promise<Committed> {
    const last = batch.at(-1)
    return knex.transaction(async (trx) => {
      const playing = active()
      // Without savepoints nothing fails alone: the checkpoints go with the locks, one round trip.
      const written = await lockAndRefresh(trx, context, playing, isolated ? undefined : last?.position)
      const advanced: Member[] = []
      const failed: Array<Committed['failed'][number]> = []
      for (const member of playing) {
        if (!last || !isAfter(last.position, member.at)) continue
        const events = batch.filter((e) => isAfter(e.position, member.at))
        const { handles } = member.projection
        if (!events.some((e) => handles.includes(e.type))) {
          advanced.push(member)
          continue
        }
        if (!isolated) {
          await applyRows(trx, member.projection, events)
          advanced.push(member)
          continue
        }
        const outcome = await applyIsolated(trx, member.projection, events, member.at)
        if (outcome.ok) {
          advanced.push(member)
          continue
        }
        const failure = {
          position: positionToString(outcome.event.position),
          eventId: outcome.event.id,
          type: outcome.event.type,
          error: errorText(outcome.error),
        }
        await writeFailure(trx, member.projection.name, outcome.appliedUpTo, failure)
        failed.push({
          member,
          at: outcome.appliedUpTo,
          failure: { ...failure, at: new Date() },
          error: outcome.error,
        })
      }
      if (last) {
        await writeCheckpoints(
          trx,
          advanced.map((m) => m.projection.name).filter((name) => !written.has(name)),
          last.position,
        )
      }
      return { advanced, failed }
    })
  }

  /**
   * Without savepoints first (two round trips fewer per projection); when an event fails it, the
   * batch goes again with each projection isolated, to find the projection and the event.
   */
  async function commitBatch(batch: readonly RecordedEvent[], context: ConsumerContext): Promise<Committed> {
    try {
      return await commitOnce(batch, context, false)
    } catch (error) {
      if (isTransient(error)) throw error
      return commitOnce(batch, context, true)
    }
  }

  /**
   * Applies what a committed batch changed to the members and tells the waiters. A failure is
   * logged here, once it is stored: a batch retried after a failed commit does not log twice.
   */
  function settle(batch: readonly RecordedEvent[], context: ConsumerContext, committed: Committed): void {
    const last = batch.at(-1)
    if (!last) return
    for (const member of committed.advanced) {
      member.at = last.position
      member.failed = null
      context.advance(member.projection.name, last.position)
    }
    for (const { member, at, failure, error } of committed.failed) {
      member.log.error(
        { err: error, position: failure.position, eventId: failure.eventId, eventType: failure.type },
        'projection stopped: it cannot apply this event; it tries again once after a restart',
      )
      member.at = at
      member.failed = failure
      member.stuck = true
      context.halt(member.projection.name)
    }
  }

  /**
   * Commits a batch. When the whole transaction fails (the database, not an event) nothing was
   * stored, so it is retried with backoff and logged each time; events are never skipped.
   */
  async function commit(batch: readonly RecordedEvent[], context: ConsumerContext): Promise<void> {
    await context.untilDone(async () => settle(batch, context, await commitBatch(batch, context)), {
      onFailure: (error, attempt, delayMs) =>
        logger.error(
          { err: error, events: batch.length, attempt, delayMs },
          'projection batch failed; retrying',
        ),
      onRecovered: (attempt) => logger.info({ attempt }, 'projections recovered'),
    })
  }

  const running = startConsumer({
    store,
    logger,
    kind: 'projection',
    members: members.map((m) => ({
      name: m.projection.name,
      filter: { eventTypes: m.projection.handles },
      from: m.at,
    })),
    batchSize: options.batchSize ?? 500,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    handle: commit,
  })
  logger.info({ projections: members.map((m) => m.projection.name) }, 'projections started')
  return {
    waitForPosition: (position, opts) => running.waitForPosition(position, opts),
    status: () =>
      members.map((m) => ({
        name: m.projection.name,
        position: m.at === 'start' ? null : positionToString(m.at),
        failed: m.failed,
      })),
    stop: () => running.stop(),
  }
}
