/**
 * Folded state of recently used streams, so a hot stream (a competition during a rush) is
 * caught up from its last known revision instead of re-read from the start on every command.
 * Bounded: past `maxStreams` the least recently used stream is forgotten (a Map keeps
 * insertion order, and every use re-inserts).
 *
 * Entries are only ever a faithful fold of the store up to `revision`; another process may
 * have appended since, which is why readers always catch up before deciding.
 */
export interface CachedStream<State> {
  readonly state: State
  readonly revision: bigint
  /** Revision of the latest snapshot known to be stored, if any. */
  readonly snapshotAt?: bigint | undefined
}

export interface StreamCache {
  /** The entry for `streamId`, if one was stored by the same `owner` (the decider). */
  get<State>(streamId: string, owner: object): CachedStream<State> | undefined
  set<State>(streamId: string, owner: object, entry: CachedStream<State>): void
  /** Forgets every stream: the log was wiped (reset test data), so none of them holds. */
  clear(): void
  readonly size: number
}

interface Slot {
  readonly owner: object
  readonly entry: CachedStream<unknown>
}

export function createStreamCache(maxStreams: number): StreamCache {
  if (!Number.isInteger(maxStreams) || maxStreams < 0) throw new Error('maxStreams must be a whole number')
  const slots = new Map<string, Slot>()

  return {
    get<State>(streamId: string, owner: object) {
      const slot = slots.get(streamId)
      if (!slot || slot.owner !== owner) return undefined
      slots.delete(streamId)
      slots.set(streamId, slot)
      // Sound: set() stored this entry with the same owner, whose State type it was folded by.
      return slot.entry as CachedStream<State>
    },
    set<State>(streamId: string, owner: object, entry: CachedStream<State>) {
      if (maxStreams === 0) return
      slots.delete(streamId)
      slots.set(streamId, { owner, entry })
      for (const oldest of slots.keys()) {
        if (slots.size <= maxStreams) break
        slots.delete(oldest)
      }
    },
    clear() {
      slots.clear()
    },
    get size() {
      return slots.size
    },
  }
}
