import type { EventStore, Position, RecordedEvent, SubscriptionFilter } from '@prizes/event-store'
import { backoffDelay, type ConsumerContext, type Logger, sleep, startConsumer } from '@prizes/platform'
import type { Knex } from 'knex'
import { parkEvent } from './parked'
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
   * After its attempts the event is parked (see `startReactor`); a `CannotReact` parks it at once.
   */
  react(event: RecordedEvent): Promise<void>
  /**
   * Whether a failure means the outside system is unreachable (the payment provider down): then
   * the event is retried without end and holds back the events behind it, which would fail
   * alike, instead of parking every one of them during an outage. Absent: none does.
   */
  holdsOn?(error: unknown): boolean
}

/**
 * What a reactor throws for a failure it knows asking again will not change (the provider
 * refuses a refund of a disputed charge): the event is parked at once with this reason.
 */
export class CannotReact extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'CannotReact'
  }
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
  /** Attempts at one event before it is parked; `defaultReactorAttempts` unless given. */
  readonly maxAttempts?: number
}

/**
 * Attempts at an event before it is parked: with the default delays (200 ms doubling) the last
 * comes about 50 s after the first, past a deploy's restart or a brief database failover.
 */
export const defaultReactorAttempts = 8

/** Events handed over at once while catching up; each is still handled on its own, in order. */
const batchSize = 100

/**
 * Runs one reactor on the consumer runner (`startConsumer`): its own `$all` subscription,
 * filtered to what it handles, from its stored checkpoint. Events are handled one at a time, in
 * log order; the checkpoint moves after each. A failing event is retried with a doubling delay,
 * holding up the events behind it, up to `maxAttempts`; then (or at once for a `CannotReact`) it
 * is parked: a `parked_events` row written in one transaction with the checkpoint moving past
 * it, for an admin to retry or resolve, and the reactor moves on. A failure the reactor
 * `holdsOn` (its outside system down) is retried without end instead. A failing subscription is
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

  const maxAttempts = Math.max(1, options.maxAttempts ?? defaultReactorAttempts)
  const retryDelayMs = options.retryDelayMs ?? 200
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000

  /**
   * Handles `event`: 'handled', 'parked' (checkpoint written with it), or 'stopped' (the reactor
   * stopped first; the event is handled again at the next start).
   */
  async function reactTo(
    context: ConsumerContext,
    event: RecordedEvent,
  ): Promise<'handled' | 'parked' | 'stopped'> {
    for (let attempt = 0; !context.signal.aborted; attempt += 1) {
      try {
        await reactor.react(event)
        if (attempt > 0) logger.info({ eventId: event.id, attempt }, 'reaction succeeded after retrying')
        return 'handled'
      } catch (error) {
        const holds = reactor.holdsOn?.(error) === true
        if (!holds && (error instanceof CannotReact || attempt + 1 >= maxAttempts)) {
          return (await park(context, event, error, attempt + 1)) ? 'parked' : 'stopped'
        }
        const delayMs = backoffDelay(attempt, retryDelayMs, maxRetryDelayMs)
        logger.error(
          { err: error, eventId: event.id, eventType: event.type, attempt, delayMs },
          'reaction failed; retrying',
        )
        // For /api/health; not being able to say so must not stop the retrying.
        await recordReactorFailure(knex, reactor.name, event, error).catch((recording: unknown) =>
          logger.warn({ err: recording }, 'could not record the failure'),
        )
        await sleep(delayMs, context.signal)
      }
    }
    return 'stopped'
  }

  /** Parks the event with its checkpoint; retried until the database takes it (never skipped). */
  async function park(
    context: ConsumerContext,
    event: RecordedEvent,
    error: unknown,
    attempts: number,
  ): Promise<boolean> {
    const parked = await untilDone(context, 'parking', event, () =>
      parkEvent(knex, reactor.name, event, { error, attempts }),
    )
    if (parked) {
      logger.error(
        { err: error, eventId: event.id, eventType: event.type, attempts },
        'event parked: the reactor moves on; an admin retries or resolves it',
      )
      // Its checkpoint is written: what was handled before it is saved with it.
      unsaved = undefined
    }
    return parked
  }

  async function handle(batch: readonly RecordedEvent[], context: ConsumerContext): Promise<void> {
    for (const event of batch) {
      if (context.signal.aborted) return
      const outcome = await reactTo(context, event)
      if (outcome === 'stopped') return
      context.advance(reactor.name, event.position)
      if (outcome === 'handled') saveSoon(context, event)
    }
  }

  const running = startConsumer({
    store,
    logger,
    kind: 'reactor',
    members: [{ name: reactor.name, filter: reactor.filter, from }],
    batchSize,
    retryDelayMs,
    maxRetryDelayMs,
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
