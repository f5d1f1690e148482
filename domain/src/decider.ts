/**
 * The decider pattern (fmodel, Emmett): an aggregate is three pure pieces. The command handler
 * folds a stream with `evolve` from `initialState`, then asks `decide` what happens next.
 * `decide` always answers with an array (possibly empty: nothing to record) or throws a
 * domain error; it never performs I/O, so time and randomness arrive inside the command.
 */
export interface Decider<Command, State, Event> {
  readonly decide: (command: Command, state: State) => Event[]
  readonly evolve: (state: State, event: Event) => State
  readonly initialState: State
}

/** An event as it comes back from storage: a type name and untrusted JSON. */
export interface StoredEvent {
  readonly type: string
  readonly data: unknown
}

/**
 * Turns a stored event into one the decider understands: validates (and, once events have
 * versions, upcasts) its data. Answers undefined for a type this decider does not know, so a
 * process running older code can still read a stream that newer code has extended.
 */
export type EventDecoder<Event> = (stored: StoredEvent) => Event | undefined

/**
 * How a decider's folded state is written to a snapshot and read back. `version` names the
 * shape of the state and the meaning of `evolve`: change it whenever either changes, and
 * snapshots taken by the old code are ignored (the stream is folded from its events again).
 */
export interface SnapshotCodec<State> {
  readonly version: string
  /** The state as JSON text, in slices whose concatenation is the whole, so a caller may pause between them. */
  encode(state: State): Iterable<string>
  decode(text: string): State
}

/** What a command handler needs to run one aggregate: its decider and its event decoder. */
export interface StreamDecider<Command, State, Event> extends Decider<Command, State, Event> {
  readonly decodeEvent: EventDecoder<Event>
  /** Streams that grow long (a competition's) snapshot their state; short ones need not. */
  readonly snapshots?: SnapshotCodec<State>
}
