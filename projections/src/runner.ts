import type { EventStore, Position, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { lockProjection, readCheckpoint } from './checkpoints'
import type { Projection } from './projection'
import { applyEvents } from './runner/apply-events'
import { backoffDelay, sleep } from './runner/backoff'
import { readBatches } from './runner/batches'
import { createProgress } from './runner/progress'

export interface StartProjectionsOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly projections: readonly Projection[]
  /** Most events applied in one transaction while catching up. */
  readonly batchSize?: number
  /** First retry delay after a failure; it doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number
  readonly maxRetryDelayMs?: number
}

export interface RunningProjections {
  /** Resolves once every projection has processed the log up to `position` (inclusive). */
  waitForPosition(position: Position, options?: { timeoutMs?: number }): Promise<void>
  /** Ends the subscriptions after the batch in hand is committed. */
  stop(): Promise<void>
}

interface Worker {
  readonly projection: Projection
  from: Position | 'start'
}

/**
 * Runs each projection on its own subscription, from its own checkpoint, filtered to its own
 * event types. One subscription per projection keeps them independent: a projection that fails
 * and retries, or is being rebuilt, holds up only itself, and a new projection catches up from
 * the start without replaying the others.
 */
export async function startProjections(options: StartProjectionsOptions): Promise<RunningProjections> {
  const { store, knex, logger } = options
  const batchSize = options.batchSize ?? 500
  const retry = (attempt: number) =>
    backoffDelay(attempt, options.retryDelayMs ?? 200, options.maxRetryDelayMs ?? 30_000)
  const stopping = new AbortController()
  const progress = createProgress(store)

  const workers: Worker[] = []
  for (const projection of options.projections) {
    const from = await readCheckpoint(knex, projection.name)
    progress.track(projection.name, projection.handles, from)
    workers.push({ projection, from })
  }

  /** Commits a batch; on failure retries one event at a time, so the log names the culprit. */
  async function commit(worker: Worker, batch: readonly RecordedEvent[], log: Logger): Promise<void> {
    let pending = batch
    let oneByOne = false
    let attempt = 0
    while (pending.length > 0 && !stopping.signal.aborted) {
      const chunk = oneByOne ? pending.slice(0, 1) : pending
      try {
        await knex.transaction(async (trx) => {
          await lockProjection(trx, worker.projection.name)
          await applyEvents(trx, worker.projection, chunk)
        })
      } catch (error) {
        const event = chunk[0]
        const delayMs = retry(attempt)
        log.error(
          { err: error, eventId: event?.id, eventType: event?.type, events: chunk.length, attempt, delayMs },
          'projection failed to apply events; retrying',
        )
        oneByOne = true
        attempt += 1
        await sleep(delayMs, stopping.signal)
        continue
      }
      if (attempt > 0) log.info({ attempt }, 'projection recovered')
      attempt = 0
      const last = chunk.at(-1)
      if (last) {
        worker.from = last.position
        progress.advance(worker.projection.name, last.position)
      }
      pending = pending.slice(chunk.length)
    }
  }

  async function run(worker: Worker): Promise<void> {
    const log = logger.child({ projection: worker.projection.name })
    let attempt = 0
    while (!stopping.signal.aborted) {
      const subscription = store.subscribeToAll({
        from: worker.from,
        filter: { eventTypes: worker.projection.handles },
      })
      const close = () => void subscription.close().catch(() => {})
      stopping.signal.addEventListener('abort', close, { once: true })
      try {
        for await (const batch of readBatches(subscription, batchSize)) {
          await commit(worker, batch, log)
          attempt = 0
          if (stopping.signal.aborted) break
        }
        if (!stopping.signal.aborted) throw new Error('The subscription ended by itself')
      } catch (error) {
        if (stopping.signal.aborted) break
        const delayMs = retry(attempt)
        log.error({ err: error, attempt, delayMs }, 'projection subscription failed; resubscribing')
        attempt += 1
        await sleep(delayMs, stopping.signal)
      } finally {
        stopping.signal.removeEventListener('abort', close)
        await subscription.close().catch(() => {})
      }
    }
  }

  const running = workers.map((worker) => run(worker))
  logger.info({ projections: workers.map((w) => w.projection.name) }, 'projections started')

  return {
    waitForPosition: (position, opts) => progress.waitForPosition(position, opts),
    async stop() {
      stopping.abort()
      progress.stop()
      await Promise.all(running)
    },
  }
}
