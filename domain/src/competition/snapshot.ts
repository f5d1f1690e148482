import type { CompetitionDetails, DrawSeal, SealedRandomness } from '@prizes/contracts'
import { mapOf } from '../collections/persistent-map'
import type { SnapshotCodec } from '../decider'
import type { EntryPaymentStatus } from '../entry/payment.machine'
import type { Entry, Hold, Tickets } from '../entry/state'
import type { CompetitionLifecycleStatus } from './competition.machine'
import type { Competition, CompetitionState } from './state'

/**
 * The competition decider's snapshots. Bump the version whenever `Competition`, `Entry` or
 * `evolve` change meaning; older snapshots are then ignored.
 */
export const competitionSnapshotVersion = 'competition-3'

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
]

interface Encoded {
  readonly competition: {
    readonly competitionId: string
    readonly status: CompetitionLifecycleStatus
    readonly details: CompetitionDetails
    readonly featured: boolean
    readonly seedCommitment: string | null
    readonly sealed: { readonly seal: DrawSeal; readonly randomness: SealedRandomness } | null
  } | null
  readonly tickets: Tickets
  readonly entries: EntryRow[]
  readonly refundedWhileSealed: string[]
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
  return [
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
    status,
    paymentIntentId,
    expiresAt,
    ticketNumbers,
    entryReference: row[9],
    answerCorrect: row[10],
    allocatedAt: row[11],
  }
}

/** Rows per slice of an encoded snapshot: a few milliseconds of work each. */
const rowsPerSlice = 5_000

/**
 * The state as JSON, in slices: the competition and its counters, then its entries a few
 * thousand at a time. The state is immutable, so it may be encoded across turns of the event
 * loop while newer states are being decided.
 */
export function* encodeCompetitionSlices(state: CompetitionState): Generator<string> {
  if (!state.exists) {
    yield JSON.stringify({ competition: null, tickets: null, entries: [], refundedWhileSealed: [] })
    return
  }
  const { competitionId, status, details, featured, seedCommitment, sealed, tickets } = state
  const head = { competition: { competitionId, status, details, featured, seedCommitment, sealed }, tickets }
  const refunded = state.refundedWhileSealed.keys()
  yield `${JSON.stringify(head).slice(0, -1)},"refundedWhileSealed":${JSON.stringify(refunded)},"entries":[`
  const all = state.entries.values()
  for (let from = 0; from < all.length; from += rowsPerSlice) {
    const rows = JSON.stringify(all.slice(from, from + rowsPerSlice).map(toRow)).slice(1, -1)
    yield from === 0 ? rows : `,${rows}`
  }
  yield ']}'
}

export function encodeCompetition(state: CompetitionState): string {
  return [...encodeCompetitionSlices(state)].join('')
}

export function decodeCompetition(text: string): CompetitionState {
  const encoded = JSON.parse(text) as Encoded
  if (encoded.competition === null) return { exists: false }
  const entries = encoded.entries.map(fromRow)
  const holds: Array<[string, Hold]> = []
  for (const { entryId, quantity, expiresAt, status } of entries) {
    if (status === 'reserved') holds.push([entryId, { entryId, quantity, expiresAt }])
  }
  const competition: Competition = {
    exists: true,
    ...encoded.competition,
    tickets: encoded.tickets,
    entries: mapOf(entries.map((entry) => [entry.entryId, entry] as const)),
    holds: mapOf(holds),
    refundedWhileSealed: mapOf(encoded.refundedWhileSealed.map((entryId) => [entryId, true as const])),
  }
  return competition
}

export const competitionSnapshots: SnapshotCodec<CompetitionState> = {
  version: competitionSnapshotVersion,
  encode: encodeCompetitionSlices,
  decode: decodeCompetition,
}
