import type { CompetitionDetails, DrawSeal, SealedRandomness } from '@prizes/contracts'
import { BloomFilter, LayeredMap, ShardedBase, shardOf } from '../collections/layered-map'
import { mapOf, type PersistentMap } from '../collections/persistent-map'
import type { SnapshotCodec } from '../decider'
import type { EntryPaymentStatus } from '../entry/payment.machine'
import type { Entry, Tickets } from '../entry/state'
import type { CompetitionLifecycleStatus } from './competition.machine'
import type { CompetitionState } from './state'

/**
 * The competition decider's snapshots. Bump the version whenever `Competition`, `Entry` or
 * `evolve` change meaning; older snapshots are then ignored.
 */
export const competitionSnapshotVersion = 'competition-9'

/**
 * One entry as a row rather than an object: a snapshot of a competition with 100,000 entries
 * is mostly these, and rows without repeated key names are about half the size to write, move
 * and parse. Ticket numbers are consecutive for every entry allocated here, so the first one
 * stands for all of them; anything else is kept as the list.
 */
type EntryRow = [
  entryId: string,
  userId: string,
  quantity: number,
  amountPence: number,
  answer: string,
  status: EntryPaymentStatus,
  paymentIntentId: string | null,
  expiresAt: string,
  tickets: number | number[] | null,
  entryReference: string | null,
  answerCorrect: boolean | null,
  allocatedAt: string | null,
  /** 1 when released because its entrant was erased; absent otherwise (most entries). */
  userErased?: 1 | 0,
  /** 1 for a postal entry; absent otherwise (0 when a later field is present). */
  postal?: 1 | 0,
  /** The question of the pool answered (issue 24); absent for the first, as before pools. */
  questionIndex?: number,
]

/** The first line of a snapshot: everything but the entries. */
interface Head {
  readonly competition: {
    readonly competitionId: string
    readonly status: CompetitionLifecycleStatus
    readonly details: CompetitionDetails
    readonly featured: boolean
    readonly seedCommitment: string | null
    readonly sealed: { readonly seal: DrawSeal; readonly randomness: SealedRandomness } | null
    readonly endDateExtended: boolean
    readonly winningEntryId: string | null
  } | null
  readonly tickets: Tickets | null
  readonly holds: Array<[entryId: string, quantity: number, expiresAt: string]>
  /** Each user's reservation still `reserved`, as `heldBy` names it. */
  readonly heldBy: Array<[userId: string, entryId: string]>
  readonly refundedWhileSealed: string[]
  /**
   * Tickets each user holds, as `ticketsBy` counts them: laid out as the entries are (shards by
   * key hash, a Bloom filter, an overlay), after them, so a cold load decodes only the shard of
   * the entrant a command asks about, however many people entered.
   */
  readonly ticketsBy: { readonly size: number; readonly shards: number; readonly bloom: string }
  /** Entries in all, shards and overlay together. */
  readonly size: number
  readonly shards: number
  /** A Bloom filter of the keys in the shards, in hex. */
  readonly bloom: string
}

function consecutive(numbers: readonly number[]): boolean {
  for (let i = 1; i < numbers.length; i += 1) if (numbers[i] !== (numbers[0] as number) + i) return false
  return true
}

function ticketsOf(entry: Entry): EntryRow[8] {
  const { ticketNumbers, quantity } = entry
  if (ticketNumbers.length === 0) return null
  const [first] = ticketNumbers
  return ticketNumbers.length === quantity && consecutive(ticketNumbers)
    ? (first as number)
    : [...ticketNumbers]
}

function toRow(e: Entry): EntryRow {
  const row: EntryRow = [
    e.entryId,
    e.userId,
    e.quantity,
    e.amountPence,
    e.answer,
    e.status,
    e.paymentIntentId,
    e.expiresAt,
    ticketsOf(e),
    e.entryReference,
    e.answerCorrect,
    e.allocatedAt,
  ]
  if (e.userErased) row[12] = 1
  if (e.postal || e.questionIndex !== 0) {
    row[12] = e.userErased ? 1 : 0
    row[13] = e.postal ? 1 : 0
  }
  if (e.questionIndex !== 0) row[14] = e.questionIndex
  return row
}

function fromRow(row: EntryRow): Entry {
  const [entryId, userId, quantity, amountPence, answer, status, paymentIntentId, expiresAt, tickets] = row
  const ticketNumbers =
    tickets === null
      ? []
      : typeof tickets === 'number'
        ? Array.from({ length: quantity }, (_, i) => tickets + i)
        : tickets
  return {
    entryId,
    userId,
    quantity,
    amountPence,
    answer,
    questionIndex: row[14] ?? 0,
    status,
    paymentIntentId,
    expiresAt,
    ticketNumbers,
    entryReference: row[9],
    answerCorrect: row[10],
    allocatedAt: row[11],
    userErased: row[12] === 1,
    postal: row[13] === 1,
  }
}

/** Entries per shard when a snapshot is laid out afresh: a shard decodes in well under a millisecond. */
const entriesPerShard = 400
/** Entries changed since the shards were laid out, beyond which the next snapshot lays them out again. */
const overlayLimit = (size: number) => Math.max(2_000, Math.ceil(size / 16))

/**
 * The state as text, in slices: a head line (the competition, counters, reservations in flight),
 * then one line per shard of entries (by key hash), then one line of entries changed since the
 * shards were laid out. While that overlay stays small, a snapshot of a state read from a
 * snapshot re-uses the shards' text as it is, and costs little more than the overlay; past its
 * limit the entries are laid out in shards again. Lines never contain a newline (JSON escapes
 * them), which is what frames them. The state is immutable, so the slices may be taken across
 * turns of the event loop while newer states are decided.
 */
export function* encodeCompetitionSlices(state: CompetitionState): Generator<string> {
  if (!state.exists) {
    const head: Head = {
      competition: null,
      tickets: null,
      holds: [],
      heldBy: [],
      refundedWhileSealed: [],
      ticketsBy: { size: 0, shards: 0, bloom: '' },
      size: 0,
      shards: 0,
      bloom: '',
    }
    yield `${JSON.stringify(head)}\n[]\n[]`
    return
  }
  const counts = countLayout(state.ticketsBy)
  const {
    competitionId,
    status,
    details,
    featured,
    seedCommitment,
    sealed,
    endDateExtended,
    winningEntryId,
    tickets,
    entries,
  } = state
  const reuse = entries instanceof LayeredMap && entries.top.size <= overlayLimit(entries.size)
  const holds = state.holds.values().map((h): Head['holds'][number] => [h.entryId, h.quantity, h.expiresAt])
  const common = {
    competition: {
      competitionId,
      status,
      details,
      featured,
      seedCommitment,
      sealed,
      endDateExtended,
      winningEntryId,
    },
    tickets,
    holds,
    heldBy: state.heldBy.entries(),
    refundedWhileSealed: state.refundedWhileSealed.keys(),
    ticketsBy: { size: state.ticketsBy.size, shards: counts.shards.length, bloom: counts.bloom },
    size: entries.size,
  }
  if (reuse) {
    const { base, top } = entries
    yield JSON.stringify({ ...common, shards: base.shards.length, bloom: base.bloom.toHex() } satisfies Head)
    for (const shard of base.shards) yield `\n${shard}`
    yield `\n${JSON.stringify(top.values().map(toRow))}`
    yield* countLines(counts)
    return
  }
  const all = entries.values()
  const count = Math.max(1, Math.ceil(all.length / entriesPerShard))
  const shards: EntryRow[][] = Array.from({ length: count }, () => [])
  for (const entry of all) shards[shardOf(entry.entryId, count)]?.push(toRow(entry))
  const bloom = BloomFilter.of(all.map((entry) => entry.entryId))
  yield JSON.stringify({ ...common, shards: count, bloom: bloom.toHex() } satisfies Head)
  for (const rows of shards) yield `\n${JSON.stringify(rows)}`
  yield '\n[]'
  yield* countLines(counts)
}

/** Per-user counts per shard when laid out afresh: small rows, so more of them a shard. */
const countsPerShard = 2_000

interface CountLayout {
  readonly shards: readonly string[]
  readonly bloom: string
  readonly overlay: string
}

/** `ticketsBy` as shards of `[userId, tickets]` rows, re-using a snapshot's shards while its overlay is small. */
function countLayout(counts: PersistentMap<number>): CountLayout {
  if (counts instanceof LayeredMap && counts.top.size <= overlayLimit(counts.size)) {
    return {
      shards: counts.base.shards,
      bloom: counts.base.bloom.toHex(),
      overlay: JSON.stringify(counts.top.entries()),
    }
  }
  const all = counts.entries()
  const count = Math.max(1, Math.ceil(all.length / countsPerShard))
  const shards: Array<Array<[string, number]>> = Array.from({ length: count }, () => [])
  for (const pair of all) shards[shardOf(pair[0], count)]?.push(pair)
  return {
    shards: shards.map((rows) => JSON.stringify(rows)),
    bloom: BloomFilter.of(all.map(([userId]) => userId)).toHex(),
    overlay: '[]',
  }
}

function* countLines(layout: CountLayout): Generator<string> {
  for (const shard of layout.shards) yield `\n${shard}`
  yield `\n${layout.overlay}`
}

export function encodeCompetition(state: CompetitionState): string {
  return [...encodeCompetitionSlices(state)].join('')
}

const decodeCounts = (text: string): Array<[string, number]> => JSON.parse(text) as Array<[string, number]>

const decodeRows = (text: string): Array<[string, Entry]> =>
  (JSON.parse(text) as EntryRow[]).map((row) => [row[0], fromRow(row)])

/**
 * Reads the head and the overlay at once and leaves each shard as text until a key in it is
 * asked for: a first command on a competition of 100,000 entries decodes a shard or two.
 */
export function decodeCompetition(text: string): CompetitionState {
  const lines = text.split('\n')
  const head = JSON.parse(lines[0] ?? '') as Head
  if (head.competition === null || head.tickets === null) return { exists: false }
  const shards = lines.slice(1, 1 + head.shards)
  const overlay = decodeRows(lines[1 + head.shards] ?? '[]')
  const base = new ShardedBase(shards, BloomFilter.fromHex(head.bloom), decodeRows)
  const counted = 2 + head.shards
  const countShards = lines.slice(counted, counted + head.ticketsBy.shards)
  const countOverlay = JSON.parse(lines[counted + head.ticketsBy.shards] ?? '[]') as Array<[string, number]>
  const countBase = new ShardedBase(countShards, BloomFilter.fromHex(head.ticketsBy.bloom), decodeCounts)
  return {
    exists: true,
    ...head.competition,
    tickets: head.tickets,
    entries: new LayeredMap(base, mapOf(overlay), head.size),
    holds: mapOf(
      head.holds.map(([entryId, quantity, expiresAt]) => [entryId, { entryId, quantity, expiresAt }]),
    ),
    heldBy: mapOf(head.heldBy),
    refundedWhileSealed: mapOf(head.refundedWhileSealed.map((entryId) => [entryId, true as const])),
    ticketsBy: new LayeredMap(countBase, mapOf(countOverlay), head.ticketsBy.size),
  }
}

export const competitionSnapshots: SnapshotCodec<CompetitionState> = {
  version: competitionSnapshotVersion,
  encode: encodeCompetitionSlices,
  decode: decodeCompetition,
}
