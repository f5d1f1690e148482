import type { StreamDecider } from '@prizes/domain'
import type { SnapshotStore } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'

/** A stream's state folded up to a revision, and where its latest stored snapshot is. */
export interface Folded<State> {
  readonly state: State
  /** Revision of the last event folded in; undefined while the stream does not exist. */
  readonly revision: bigint | undefined
  /** Revision of the latest snapshot known to be stored; undefined when none is. */
  readonly snapshotAt: bigint | undefined
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The command handler's side of snapshots: where a cold stream starts, and writing a new
 * snapshot in the background once `every` events have passed since the last one. Streams whose
 * decider takes no snapshots, or a handler without a store, always start from the beginning.
 */
export function createStreamSnapshots(options: {
  readonly store: SnapshotStore | undefined
  readonly logger: Logger
  readonly every: bigint
}) {
  const { store, logger, every } = options
  /** Streams with a snapshot being written, so one stream never has two under way. */
  const writing = new Set<string>()

  return {
    /** The latest snapshot's state, or the decider's initial state when there is none to use. */
    async start<C, S, E>(streamId: string, decider: StreamDecider<C, S, E>): Promise<Folded<S>> {
      const codec = decider.snapshots
      const fresh = { state: decider.initialState, revision: undefined, snapshotAt: undefined }
      if (!codec || !store) return fresh
      try {
        const stored = await store.load(streamId, codec.version)
        if (stored) {
          return { state: codec.decode(stored.state), revision: stored.revision, snapshotAt: stored.revision }
        }
      } catch (error) {
        // The events are the truth; a snapshot that cannot be read only costs a longer fold.
        logger.warn({ err: error, streamId }, 'snapshot unreadable; folding the stream from its events')
      }
      return fresh
    },

    /**
     * Stores a snapshot of `folded` in the background when it is due, and tells `saved` its
     * revision once it is stored.
     */
    takeIfDue<C, S, E>(
      streamId: string,
      decider: StreamDecider<C, S, E>,
      folded: Folded<S>,
      saved: (revision: bigint) => void,
    ): void {
      const codec = decider.snapshots
      const { revision } = folded
      if (!codec || !store || revision === undefined || writing.has(streamId)) return
      if (revision - (folded.snapshotAt ?? -1n) < every) return
      writing.add(streamId)
      void (async () => {
        try {
          // In slices, a turn of the event loop apart, so a large state never holds up requests.
          let text = ''
          for (const slice of codec.encode(folded.state)) {
            text += slice
            await nextTurn()
          }
          await store.save(streamId, codec.version, { revision, state: text })
          saved(revision)
        } catch (error) {
          logger.warn({ err: error, streamId }, 'could not store a snapshot; the next one will try again')
        } finally {
          writing.delete(streamId)
        }
      })()
    },
  }
}
