import type { EventStore, Position, RecordedEvent, SubscriptionFilter } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { createReactorProgress } from './progress'
import {
  readReactorCheckpoint,
  recordReactorFailure,
  registerReactor,
  writeReactorCheckpoint,
} from './tables'

/** A process manager: reacts to some event types by calling an outside system or sending commands. */
export interface Reactor {
  /** Names its checkpoint; never rename a reactor that has run, or it starts over. */
  readonly name: string
  readonly filter: SubscriptionFilter
  /**
   * Deals with one event. Throwing means "try this event again": the runner waits and retries
   * and the checkpoint stays put, so a reactor must make a repeat harmless (or impossible).
   */
  react(event: RecordedEvent): Promise<void>
}

export interface RunningReactor {
  /** Resolves once the reactor has dealt with the log up to `position` (inclusive). */
  waitForPosition(position: Position, options?: { timeoutMs?: number }): Promise<void>
  /** Ends the subscription after the event in hand. */
  stop(): Promise<void>
}

export interface StartReactorOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly reactor: Reactor
  /** First retry delay after a failure; it doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number
  readonly maxRetryDelayMs?: number
  /** Longest a handled event waits for its checkpoint to be written; 100 ms unless given. */
  readonly checkpointEveryMs?: number
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Runs one reactor on its own `$all` subscription, filtered to what it handles, from its stored
 * checkpoint. Events are handled one at a time, in log order; the checkpoint moves after each.
 * A failing event is retried with a doubling delay and holds up the events behind it, so the
 * reactor never skips one; a failing subscription is reopened from the last handled event.
 * While an event fails, its checkpoint row says since when, which event and why (`/api/health`);
 * the next checkpoint clears it.
 */
export async function startReactor(options: StartReactorOptions): Promise<RunningReactor> {
  const { store, knex, reactor } = options
  const logger = options.logger.child({ reactor: reactor.name })
  const initialDelay = options.retryDelayMs ?? 200
  const maxDelay = options.maxRetryDelayMs ?? 30_000
  const delay = (attempt: number) => Math.min(maxDelay, initialDelay * 2 ** Math.min(attempt, 30))
  const stopping = new AbortController()

  await registerReactor(knex, reactor.name, reactor.filter)
  let from = await readReactorCheckpoint(knex, reactor.name)
  const progress = createReactorProgress(reactor.name, store, reactor.filter, from)

  /** Runs `step` until it succeeds (true) or the reactor stops (false). */
  async function untilDone(what: string, event: RecordedEvent, step: () => Promise<void>): Promise<boolean> {
    for (let attempt = 0; !stopping.signal.aborted; attempt += 1) {
      try {
        await step()
        if (attempt > 0) logger.info({ eventId: event.id, attempt }, `${what} succeeded after retrying`)
        return true
      } catch (error) {
        const delayMs = delay(attempt)
        logger.error(
          { err: error, eventId: event.id, eventType: event.type, attempt, delayMs },
          `${what} failed; retrying`,
        )
        // For /api/health; not being able to say so must not stop the retrying.
        await recordReactorFailure(knex, reactor.name, event, error).catch((recording: unknown) =>
          logger.warn({ err: recording }, 'could not record the failure'),
        )
        await sleep(delayMs, stopping.signal)
      }
    }
    return false
  }

  /**
   * The checkpoint is written at most every `checkpointEveryMs`, with the latest position
   * handled: one write per event cost more than most reactions. After a crash the reactor
   * handles those last events again, which every reactor must take calmly anyway.
   */
  let unsaved: RecordedEvent | undefined
  let saving: Promise<void> | undefined
  const checkpointEveryMs = options.checkpointEveryMs ?? 100
  function saveSoon(event: RecordedEvent): void {
    unsaved = event
    // Events handled while a write is under way are saved by the next round of the same loop.
    saving ??= (async () => {
      while (unsaved && !stopping.signal.aborted) {
        await sleep(checkpointEveryMs, stopping.signal)
        await saveNow()
      }
      saving = undefined
    })()
  }
  async function saveNow(): Promise<void> {
    const event = unsaved
    if (!event) return
    unsaved = undefined
    const saved = await untilDone('checkpoint', event, () =>
      writeReactorCheckpoint(knex, reactor.name, event.position),
    )
    // Stopped while the database refused it: the last try after the loop ends has it.
    if (!saved) unsaved ??= event
  }

  async function handle(event: RecordedEvent): Promise<void> {
    if (!(await untilDone('reaction', event, () => reactor.react(event)))) return
    from = event.position
    progress.advance(event.position)
    saveSoon(event)
  }

  async function run(): Promise<void> {
    let attempt = 0
    while (!stopping.signal.aborted) {
      const subscription = store.subscribeToAll({ from, filter: reactor.filter })
      const close = () => void subscription.close().catch(() => {})
      stopping.signal.addEventListener('abort', close, { once: true })
      try {
        for await (const event of subscription) {
          await handle(event)
          attempt = 0
          if (stopping.signal.aborted) break
        }
        if (!stopping.signal.aborted) throw new Error('The subscription ended by itself')
      } catch (error) {
        if (stopping.signal.aborted) break
        const delayMs = delay(attempt)
        logger.error({ err: error, attempt, delayMs }, 'reactor subscription failed; resubscribing')
        attempt += 1
        await sleep(delayMs, stopping.signal)
      } finally {
        stopping.signal.removeEventListener('abort', close)
        await subscription.close().catch(() => {})
      }
    }
  }

  const running = run()
  logger.info('reactor started')
  return {
    waitForPosition: (position, opts) => progress.waitForPosition(position, opts),
    async stop() {
      stopping.abort()
      progress.stop()
      await running
      await saving
      // What the reactor handled last is kept, if the database lets us.
      const event = unsaved
      if (event) await writeReactorCheckpoint(knex, reactor.name, event.position).catch(() => {})
    },
  }
}
