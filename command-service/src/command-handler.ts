import type { StreamDecider } from '@prizes/domain'
import { type EventStore, type Position, WrongExpectedVersion } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import { type CommandContext, envelopeFactory } from './event-metadata'
import { createKeyedQueue } from './keyed-queue'
import { createStreamCache } from './stream-cache'

/** The part of the event store a command handler needs. */
export type StreamStore = Pick<EventStore, 'append' | 'readStream'>

/** The least a decider's event must be to be stored. */
export interface DomainEvent {
  readonly type: string
  readonly data: unknown
}

export interface HandleResult<State, Event> {
  /** What `decide` produced and was appended; empty when the command changed nothing. */
  readonly events: Event[]
  /** Revision of the stream's last event after the command; 'noStream' when it has none. */
  readonly nextExpectedRevision: bigint | 'noStream'
  /** Global position of the last appended event, so a caller can wait for projections. */
  readonly position: Position | undefined
  readonly state: State
}

export interface CommandHandler {
  handle<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: StreamDecider<Command, State, Event>,
    command: Command,
    context: CommandContext,
  ): Promise<HandleResult<State, Event>>
}

export interface CommandHandlerOptions {
  readonly store: StreamStore
  readonly logger: Logger
  /** Tries per command when another process appends in between; 3 unless given. */
  readonly maxAttempts?: number
  /** Streams whose folded state stays in memory; 1000 unless given. */
  readonly cacheSize?: number
  /** Events read per round trip while catching up; 500 unless given. */
  readonly readPageSize?: number
}

interface Folded<State> {
  readonly state: State
  /** Revision of the last event folded in; undefined while the stream does not exist. */
  readonly revision: bigint | undefined
}

/**
 * The one command handler (DESIGN section 6): catch the stream's state up, decide, append with
 * the revision that was read. Commands for one stream queue in-process; a conflict with another
 * process (WrongExpectedVersion) re-runs catch-up and decide, up to `maxAttempts` times.
 */
export function createCommandHandler(options: CommandHandlerOptions): CommandHandler {
  const { store, logger } = options
  const maxAttempts = options.maxAttempts ?? 3
  const readPageSize = options.readPageSize ?? 500
  const queue = createKeyedQueue()
  const cache = createStreamCache(options.cacheSize ?? 1000)

  async function catchUp<C, S, E>(streamId: string, decider: StreamDecider<C, S, E>): Promise<Folded<S>> {
    const cached = cache.get<S>(streamId, decider)
    let state = cached ? cached.state : decider.initialState
    let revision = cached?.revision
    for (;;) {
      const from = revision === undefined ? 'start' : revision + 1n
      const page = await store.readStream(streamId, { from, limit: readPageSize })
      for (const recorded of page) {
        // Folding out of order would decide on a state that never existed; stop loudly instead.
        if (revision !== undefined && recorded.revision <= revision) {
          throw new Error(
            `${streamId} was read out of order: revision ${recorded.revision} after ${revision}`,
          )
        }
        const event = decider.decodeEvent(recorded)
        if (event === undefined) {
          logger.warn(
            { streamId, revision: String(recorded.revision), type: recorded.type },
            'skipped unknown event',
          )
        } else {
          state = decider.evolve(state, event)
        }
        revision = recorded.revision
      }
      if (page.length < readPageSize) break
    }
    if (revision !== undefined) cache.set(streamId, decider, { state, revision })
    return { state, revision }
  }

  async function attempt<C, S, E extends DomainEvent>(
    streamId: string,
    decider: StreamDecider<C, S, E>,
    command: C,
    envelope: ReturnType<typeof envelopeFactory>,
  ): Promise<HandleResult<S, E>> {
    const current = await catchUp(streamId, decider)
    const events = decider.decide(command, current.state)
    if (events.length === 0) {
      return {
        events,
        nextExpectedRevision: current.revision ?? 'noStream',
        position: undefined,
        state: current.state,
      }
    }
    const appended = await store.append(
      streamId,
      events.map((event) => {
        const metadata = envelope()
        return { id: metadata.eventId, type: event.type, data: event.data, metadata }
      }),
      { expectedRevision: current.revision ?? 'noStream' },
    )
    const state = events.reduce(decider.evolve, current.state)
    cache.set(streamId, decider, { state, revision: appended.nextExpectedRevision })
    return { events, nextExpectedRevision: appended.nextExpectedRevision, position: appended.position, state }
  }

  return {
    handle(streamId, decider, command, context) {
      const envelope = envelopeFactory(context)
      return queue.run(streamId, async () => {
        for (let tries = 1; ; tries += 1) {
          try {
            return await attempt(streamId, decider, command, envelope)
          } catch (error) {
            if (!(error instanceof WrongExpectedVersion) || tries >= maxAttempts) throw error
            logger.debug({ streamId, tries, actual: String(error.actual) }, 'stream moved on; deciding again')
          }
        }
      })
    },
  }
}
