/**
 * Snapshots of folded stream state (DESIGN section 4). A command handler stores one every so
 * many events and, on a cold load, reads the latest and then only the events after it.
 *
 * The state is an opaque JSON text made by the stream's decider, tagged with that decider's
 * version: a snapshot of another version is never handed back, so a decider whose state
 * changed shape folds from the events again (and stores a fresh snapshot) instead of misreading.
 */
export interface Snapshot {
  /** Revision of the last event folded into `state`. */
  readonly revision: bigint
  readonly state: string
}

export interface SnapshotStore {
  /** The latest snapshot of `streamId` taken by decider `version`, if any. */
  load(streamId: string, version: string): Promise<Snapshot | undefined>
  /**
   * Keeps `snapshot` as the stream's latest, unless one at a later revision of the same
   * version is already there (two processes may snapshot one stream at once).
   */
  save(streamId: string, version: string, snapshot: Snapshot): Promise<void>
}
