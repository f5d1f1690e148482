import type { StreamDecider } from '@prizes/domain'
import { type EventStore, type Position, type SnapshotStore, WrongExpectedVersion } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { appendWithRows, type EventIndex, type PendingRows, type RowChanges } from './command-rows'
import { type CommandContext, envelopeFactory } from './event-metadata'
import { createStreamCache } from './stream-cache'
import { createStreamSnapshots, type Folded } from './stream-snapshots'

/** The part of the event store a command handler needs; `transaction` where the store has it. */
export type StreamStore = Pick<EventStore, 'append' | 'readStream' | 'transaction'>

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
  /** Global position of the append that carried the command's events, so a caller can wait for projections. */
  readonly position: Position | undefined
  /** The state right after this command (later commands of the same batch are not in it). */
  readonly state: State
}

export interface HandleOptions<State> {
  /**
   * Command-side rows the command's events imply, run only when the command appended events.
   * Where the store has transactions they run in the append's, after it: an answer lost after
   * the commit leaves both, a failure before it neither, and a failing statement refuses the
   * command. Elsewhere they run right after the append, and a failure there is only logged: the
   * events are the fact, and a reactor on them completes the rows. Such a command is appended
   * on its own, never in a batch, so its rows refuse no one else's command.
   */
  readonly rows?: RowChanges<State>
  /**
   * A command-side index its events go into (see `EventIndex`), in the same transaction as the
   * append where the store has transactions, right after it elsewhere. The command still joins
   * a batch. Without transactions or knex there is nowhere to write it, and it is left out.
   */
  readonly index?: EventIndex
}

export interface CommandHandler {
  handle<Command, State, Event extends DomainEvent>(
    streamId: string,
    decider: StreamDecider<Command, State, Event>,
    command: Command,
    context: CommandContext,
    options?: HandleOptions<State>,
  ): Promise<HandleResult<State, Event>>
  /** Whether a command's rows commit with its events (the store has transactions). */
  readonly rowsCommitWithEvents: boolean
  /** The stream's state as the store has it now (from the cache, a snapshot and the tail). */
  load<Command, State, Event>(streamId: string, decider: StreamDecider<Command, State, Event>): Promise<State>
  /**
   * The state this process last saw, without asking the store: possibly behind it (another
   * process may have appended), never ahead. For advisory answers only, which a command then
   * checks for real; undefined when the stream is not in memory.
   */
  peek<Command, State, Event>(
    streamId: string,
    decider: StreamDecider<Command, State, Event>,
  ): State | undefined
  /** Forgets every folded stream it keeps; only for a wiped log (reset test data). */
  forgetStreams(): void
}

export interface CommandHandlerOptions {
  readonly store: StreamStore
  /** The command-side tables, for commands' rows where the store has no transactions. */
  readonly knex?: Knex
  /** Where folded states are kept; without it every cold load folds the whole stream. */
  readonly snapshots?: SnapshotStore | undefined
  readonly logger: Logger
  /** Tries per batch when another process appends in between; 3 unless given. */
  readonly maxAttempts?: number
  /** Streams whose folded state stays in memory; 1000 unless given. */
  readonly cacheSize?: number
  /** Events read per round trip while catching up; 500 unless given. */
  readonly readPageSize?: number
  /** Events between two snapshots of a stream whose decider takes them; 1000 unless given. */
  readonly snapshotEvery?: number
  /** Most commands decided together and appended in one append; 200 unless given. */
  readonly maxBatch?: number
}

interface Queued {
  readonly decider: StreamDecider<unknown, unknown, DomainEvent>
  readonly command: unknown
  readonly envelope: ReturnType<typeof envelopeFactory>
  readonly rows: RowChanges<unknown> | undefined
  readonly index: EventIndex | undefined
  resolve(result: HandleResult<unknown, DomainEvent>): void
  reject(error: unknown): void
}

/** A command decided on the batch's state: the events it adds, or why it was refused. */
type Decided =
  | { readonly item: Queued; readonly events: DomainEvent[]; readonly state: unknown; readonly upTo: number }
  | { readonly item: Queued; readonly error: unknown }

/**
 * The one command handler (DESIGN section 6). Commands for one stream queue in this process;
 * whatever has queued while the previous append was under way is decided as one batch, each
 * command on the state the ones before it left, and appended together in one append (one
 * commit), each caller getting its own answer. A refused command refuses only itself. When
 * another process appended in between (WrongExpectedVersion), the batch is caught up and
 * decided again, up to `maxAttempts` times, after a short random pause that grows with each try:
 * instances racing on one hot stream take turns instead of colliding again at once.
 *
 * States are immutable values (a competition's entries live in a persistent map), so a batch
 * decides on speculative states at no risk: when its append fails they are dropped, and the
 * cached state is still the last one the store holds.
 */
/** The longest pause before the first retry after another process appended; it grows per try. */
const conflictPauseMs = 10

export function createCommandHandler(options: CommandHandlerOptions): CommandHandler {
  const { store, snapshots, logger, knex } = options
  const maxAttempts = options.maxAttempts ?? 8
  const readPageSize = options.readPageSize ?? 500
  const maxBatch = options.maxBatch ?? 200
  const cache = createStreamCache(options.cacheSize ?? 1000)
  const queues = new Map<string, Queued[]>()
  const streamSnapshots = createStreamSnapshots({
    store: snapshots,
    logger,
    every: BigInt(options.snapshotEvery ?? 1000),
  })

  async function catchUp<C, S, E>(streamId: string, decider: StreamDecider<C, S, E>): Promise<Folded<S>> {
    const cached = cache.get<S>(streamId, decider)
    let { state, revision, snapshotAt } = cached ?? (await streamSnapshots.start(streamId, decider))
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
    const folded = { state, revision, snapshotAt }
    remember(streamId, decider, folded)
    return folded
  }

  /** Caches the folded state, and snapshots it in the background when enough events passed. */
  function remember<C, S, E>(streamId: string, decider: StreamDecider<C, S, E>, folded: Folded<S>) {
    const { revision } = folded
    if (revision === undefined) return
    // A load that read the stream while a batch appended must not put back the older state.
    const cached = cache.get<S>(streamId, decider)
    if (cached && cached.revision > revision) return
    cache.set(streamId, decider, { state: folded.state, revision, snapshotAt: folded.snapshotAt })
    streamSnapshots.takeIfDue(streamId, decider, folded, (saved) => {
      const current = cache.get<S>(streamId, decider)
      if (current) cache.set(streamId, decider, { ...current, snapshotAt: saved })
    })
  }

  /** Decides each command in turn on the state the previous ones left; refusals stay apart. */
  function decideAll(
    batch: readonly Queued[],
    start: unknown,
  ): { decided: Decided[]; events: DomainEvent[] } {
    const decided: Decided[] = []
    const events: DomainEvent[] = []
    let state = start
    for (const item of batch) {
      try {
        const produced = item.decider.decide(item.command, state)
        for (const event of produced) state = item.decider.evolve(state, event)
        events.push(...produced)
        decided.push({ item, events: produced, state, upTo: events.length })
      } catch (error) {
        decided.push({ item, error })
      }
    }
    return { decided, events }
  }

  /** Each index's one statement for the events of the batch's commands that name it. */
  function indexStatements(decided: readonly Decided[]) {
    if (!store.transaction && !knex) return []
    const events = new Map<EventIndex, DomainEvent[]>()
    for (const d of decided) {
      if ('error' in d || !d.item.index || d.events.length === 0) continue
      const list = events.get(d.item.index)
      if (list) list.push(...d.events)
      else events.set(d.item.index, [...d.events])
    }
    return [...events].flatMap(([index, of]) => index.statement(of) ?? [])
  }

  /** The append, with the rows of a command that has them (its batch holds only it). */
  const append = (
    streamId: string,
    envelopes: Parameters<StreamStore['append']>[1],
    expectedRevision: bigint | 'noStream',
    rows: PendingRows | undefined,
  ) =>
    rows
      ? appendWithRows({ store, knex, logger }, streamId, envelopes, expectedRevision, rows)
      : store.append(streamId, envelopes, { expectedRevision })

  async function runBatch(streamId: string, batch: readonly Queued[]): Promise<void> {
    const decider = (batch[0] as Queued).decider
    for (let tries = 1; ; tries += 1) {
      const current = await catchUp(streamId, decider)
      const { decided, events } = decideAll(batch, current.state)
      const base = current.revision ?? -1n
      const revisionAt = (count: number) => (base + BigInt(count) < 0n ? 'noStream' : base + BigInt(count))
      if (events.length === 0) {
        for (const d of decided) {
          if ('error' in d) d.item.reject(d.error)
          else
            d.item.resolve({
              events: [],
              nextExpectedRevision: revisionAt(0),
              position: undefined,
              state: d.state,
            })
        }
        return
      }
      const envelopes = decided.flatMap((d) =>
        'error' in d
          ? []
          : d.events.map((event) => {
              const metadata = d.item.envelope()
              return { id: metadata.eventId, type: event.type, data: event.data, metadata }
            }),
      )
      const alone = decided.length === 1 ? decided[0] : undefined
      const own = alone && !('error' in alone) && alone.item.rows ? alone : undefined
      const indexed = indexStatements(decided)
      const rows: PendingRows | undefined =
        own || indexed.length > 0
          ? {
              change: async (writer, state) => {
                if (own?.item.rows) await own.item.rows(writer, state)
                for (const statement of indexed) await writer.run(statement)
              },
              state: own?.state,
            }
          : undefined
      let appended: Awaited<ReturnType<StreamStore['append']>>
      try {
        appended = await append(streamId, envelopes, current.revision ?? 'noStream', rows)
      } catch (error) {
        if (error instanceof WrongExpectedVersion && tries < maxAttempts) {
          logger.debug({ streamId, tries, actual: String(error.actual) }, 'stream moved on; deciding again')
          await new Promise((resolve) => setTimeout(resolve, Math.random() * conflictPauseMs * tries))
          continue
        }
        for (const d of decided) d.item.reject('error' in d ? d.error : error)
        return
      }
      const last = decided.findLast((d) => !('error' in d)) as Exclude<Decided, { error: unknown }>
      remember(streamId, decider, {
        state: last.state,
        revision: appended.nextExpectedRevision,
        snapshotAt: current.snapshotAt,
      })
      for (const d of decided) {
        if ('error' in d) {
          d.item.reject(d.error)
          continue
        }
        const own = d.events.length > 0
        d.item.resolve({
          events: d.events,
          nextExpectedRevision: revisionAt(d.upTo),
          position: own ? appended.position : undefined,
          state: d.state,
        })
      }
      return
    }
  }

  /** Works through a stream's queue, one batch per append, until nothing is left. */
  async function drain(streamId: string, queue: Queued[]): Promise<void> {
    while (queue.length > 0) {
      // A batch holds one decider's commands; a stream has one decider, but nothing relies on it.
      const first = queue[0] as Queued
      let size = 1
      const joins = (next: Queued | undefined) => next?.decider === first.decider && !next.rows
      while (!first.rows && size < queue.length && size < maxBatch && joins(queue[size])) size += 1
      const batch = queue.splice(0, size)
      try {
        await runBatch(streamId, batch)
      } catch (error) {
        for (const item of batch) item.reject(error)
      }
    }
    queues.delete(streamId)
  }

  return {
    rowsCommitWithEvents: store.transaction !== undefined,
    handle(streamId, decider, command, context, handleOptions) {
      return new Promise((resolve, reject) => {
        const rows = handleOptions?.rows
        if (rows && !store.transaction && !knex) {
          reject(new Error('this command handler has no way to change rows: give it knex'))
          return
        }
        const item = {
          decider,
          command,
          envelope: envelopeFactory(context),
          rows,
          index: handleOptions?.index,
          resolve,
          reject,
        } as unknown as Queued
        const queue = queues.get(streamId)
        if (queue) {
          queue.push(item)
          return
        }
        const fresh = [item]
        queues.set(streamId, fresh)
        // From the next turn, so commands arriving together (a burst of requests) share one append.
        setImmediate(() => void drain(streamId, fresh))
      })
    },
    async load(streamId, decider) {
      return (await catchUp(streamId, decider)).state
    },
    forgetStreams() {
      cache.clear()
    },
    peek(streamId, decider) {
      return cache.get<ReturnType<typeof decider.evolve>>(streamId, decider)?.state
    },
  }
}
