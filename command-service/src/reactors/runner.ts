import type { EventStore, Position, RecordedEvent, SubscriptionFilter } from '@prizes/event-store'
import { type ConsumerContext, type Logger, sleep, startConsumer } from '@prizes/platform'
import type { Knex } from 'knex'
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

/** Events handed over at once while catching up; each is still handled on its own, in order. */
const batchSize = 100

/**
 * Runs one reactor on the consumer runner (`startConsumer`): its own `$all` subscription,
 * filtered to what it handles, from its stored checkpoint. Events are handled one at a time, in
 * log order; the checkpoint moves after each. A failing event is retried with a doubling delay
 * and holds up the events behind it, so the reactor never skips one; a failing subscription is
 * reopened from the last handled event. While an event fails, its checkpoint row says since
 * when, which event and why (`/api/health`); the next checkpoint clears it.
 */
export async function startReactor(options: StartReactorOptions): Promise<RunningReactor> {
  const { store, knex, reactor } = options
  const logger = options.logger.child({ reactor: reactor.name })

  await registerReactor(knex, reactor.name, reactor.filter)
  const from = await readReactorCheckpoint(knex, reactor.name)

  /** Runs `step` until it succeeds (true) or the reactor stops (false). */
  const untilDone = (
    context: ConsumerContext,
    what: string,
    event: RecordedEvent,
    step: () => Promise<void>,
  ) =>
    context.untilDone(step, {
      async onFailure(error, attempt, delayMs) {
        logger.error(
          { err: error, eventId: event.id, eventType: event.type, attempt, delayMs },
          `${what} failed; retrying`,
        )
        // For /api/health; not being able to say so must not stop the retrying.
        await recordReactorFailure(knex, reactor.name, event, error).catch((recording: unknown) =>
          logger.warn({ err: recording }, 'could not record the failure'),
        )
      },
      onRecovered: (attempt) =>
        logger.info({ eventId: event.id, attempt }, `${what} succeeded after retrying`),
    })

  /**
   * The checkpoint is written at most every `checkpointEveryMs`, with the latest position
   * handled: one write per event cost more than most reactions. After a crash the reactor
   * handles those last events again, which every reactor must take calmly anyway.
   */
  let unsaved: RecordedEvent | undefined
  let saving: Promise<void> | undefined
  const checkpointEveryMs = options.checkpointEveryMs ?? 100
  function saveSoon(context: ConsumerContext, event: RecordedEvent): void {
    unsaved = event
    // Events handled while a write is under way are saved by the next round of the same loop.
    saving ??= (async () => {
      while (unsaved && !context.signal.aborted) {
        await sleep(checkpointEveryMs, context.signal)
        await saveNow(context)
      }
      saving = undefined
    })()
  }
  async function saveNow(context: ConsumerContext): Promise<void> {
    const event = unsaved
    if (!event) return
    unsaved = undefined
    const saved = await untilDone(context, 'checkpoint', event, () =>
      writeReactorCheckpoint(knex, reactor.name, event.position),
    )
    // Stopped while the database refused it: the last try after the loop ends has it.
    if (!saved) unsaved ??= event
  }

  async function handle(batch: readonly RecordedEvent[], context: ConsumerContext): Promise<void> {
    for (const event of batch) {
      if (context.signal.aborted) return
      if (!(await untilDone(context, 'reaction', event, () => reactor.react(event)))) return
      context.advance(reactor.name, event.position)
      saveSoon(context, event)
    }
  }

  const running = startConsumer({
    store,
    logger,
    kind: 'reactor',
    members: [{ name: reactor.name, filter: reactor.filter, from }],
    batchSize,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    handle,
  })
  logger.info('reactor started')
  return {
    waitForPosition: (position, opts) => running.waitForPosition(position, opts),
    async stop() {
      await running.stop()
      await saving
      // What the reactor handled last is kept, if the database lets us.
      const event = unsaved
      if (event) await writeReactorCheckpoint(knex, reactor.name, event.position).catch(() => {})
    },
  }
}
