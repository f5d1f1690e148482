import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type SubscriptionFilter,
} from '@prizes/event-store'
import type { Logger } from '../logger'
import { backoffDelay, retryUntilDone, sleep } from './backoff'
import { readBatches } from './batches'
import { covering, createProgress } from './progress'

/** One reader of the log within a consumer: a projection, a reactor. */
export interface ConsumerMember {
  /** Names its checkpoint. */
  readonly name: string
  /** The events it handles. */
  readonly filter: SubscriptionFilter
  /** Its checkpoint: the last position it handled, or 'start'. */
  readonly from: Position | 'start'
}

/** What `handle` is given besides the events. */
export interface ConsumerContext {
  /** Aborted once the consumer stops: finish the event in hand, start no other. */
  readonly signal: AbortSignal
  /** Says that a member has handled the log up to `position`: waiters may move on. */
  advance(name: string, position: Position): void
  /**
   * Says that a member will not move before a restart (stuck on an event): waiters stop
   * counting it, and the subscription no longer reads for it.
   */
  halt(name: string): void
  /**
   * Runs `step` until it succeeds (true) or the consumer stops (false), waiting the consumer's
   * doubling delay between attempts; `onFailure` logs or records each failure.
   */
  untilDone(
    step: () => Promise<void>,
    on: {
      onFailure(error: unknown, attempt: number, delayMs: number): void | Promise<void>
      onRecovered?(attempts: number): void
    },
  ): Promise<boolean>
}

export interface StartConsumerOptions {
  readonly store: EventStore
  readonly logger: Logger
  /** What it is, for its log lines: `projections`, `reactor`. */
  readonly kind: string
  readonly members: readonly ConsumerMember[]
  /**
   * Most events handed to `handle` at once: what the subscription has at hand, up to this many,
   * so a batch never waits for more (see `readBatches`).
   */
  readonly batchSize: number
  /** First delay after a failure; it doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs: number
  readonly maxRetryDelayMs: number
  /**
   * Handles events in log order, from the earliest member's position: a member skips what it
   * has already handled, and tells `context.advance` how far it got. Throwing reopens the
   * subscription, after a delay, from the members' positions.
   */
  handle(batch: readonly RecordedEvent[], context: ConsumerContext): Promise<void>
}

export interface RunningConsumer {
  /**
   * Resolves once every member has processed the log up to `position` (inclusive). A halted
   * member is not waited for: it will not move before a restart.
   */
  waitForPosition(position: Position, options?: { timeoutMs?: number }): Promise<void>
  /** Ends the subscription after the events in hand; their handling finishes first. */
  stop(): Promise<void>
}

/** The earliest of some positions ('start' before any). */
export const earliest = (positions: ReadonlyArray<Position | 'start'>): Position | 'start' =>
  positions.reduce<Position | 'start'>(
    (min, p) => (min === 'start' || p === 'start' ? 'start' : comparePositions(p, min) < 0 ? p : min),
    positions[0] ?? 'start',
  )

/**
 * The one consumer runner (DESIGN section 1), for projections and reactors alike: catches up
 * from the members' checkpoints and keeps up with one subscription to `$all`, filtered to what
 * they handle, and hands the events over in batches to `handle`, which is what each kind of
 * consumer supplies (a projection's transaction per batch, a reactor's event at a time). A
 * subscription that fails or ends is reopened from where the members are, after a doubling
 * delay, so no event is skipped; `waitForPosition` answers read-your-writes; `stop` ends it.
 */
export function startConsumer(options: StartConsumerOptions): RunningConsumer {
  const { store, logger, kind, batchSize } = options
  const delayMs = (attempt: number) => backoffDelay(attempt, options.retryDelayMs, options.maxRetryDelayMs)
  const stopping = new AbortController()
  const progress = createProgress(store)
  const members = new Map(
    options.members.map((member) => [member.name, { ...member, at: member.from, halted: false }]),
  )
  for (const member of members.values()) progress.track(member.name, member.filter, member.from)
  const active = () => [...members.values()].filter((member) => !member.halted)

  const context: ConsumerContext = {
    signal: stopping.signal,
    advance(name, position) {
      const member = members.get(name)
      if (member) member.at = position
      progress.advance(name, position)
    },
    halt(name) {
      const member = members.get(name)
      if (member) member.halted = true
      progress.halt(name)
    },
    untilDone: (step, on) => retryUntilDone(step, { signal: stopping.signal, delayMs, ...on }),
  }

  async function run(): Promise<void> {
    let attempt = 0
    while (!stopping.signal.aborted && active().length > 0) {
      const subscription = store.subscribeToAll({
        from: earliest(active().map((member) => member.at)),
        filter: covering(active().map((member) => member.filter)),
      })
      const close = () => void subscription.close().catch(() => {})
      stopping.signal.addEventListener('abort', close, { once: true })
      try {
        for await (const batch of readBatches(subscription, batchSize)) {
          await options.handle(batch, context)
          attempt = 0
          if (stopping.signal.aborted || active().length === 0) break
        }
        if (!stopping.signal.aborted && active().length > 0)
          throw new Error('The subscription ended by itself')
      } catch (error) {
        if (stopping.signal.aborted) break
        const wait = delayMs(attempt)
        logger.error({ err: error, attempt, delayMs: wait }, `${kind} subscription failed; resubscribing`)
        attempt += 1
        await sleep(wait, stopping.signal)
      } finally {
        stopping.signal.removeEventListener('abort', close)
        await subscription.close().catch(() => {})
      }
    }
  }

  const running = run()
  return {
    waitForPosition: (position, opts) => progress.waitForPosition(position, opts),
    async stop() {
      stopping.abort()
      progress.stop()
      await running
    },
  }
}
