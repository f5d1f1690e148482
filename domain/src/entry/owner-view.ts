import type { UserEntry } from '@prizes/contracts'
import type { CompetitionLifecycleStatus } from '../competition/competition.machine'
import type { Competition } from '../competition/state'
import type { EntryPaymentStatus } from './payment.machine'
import type { Entry } from './state'

/** Where an entry's money is, as its owner is shown it (a chargeback aside). */
export type EntryPayment = Exclude<UserEntry['paymentStatus'], 'disputed'>

/**
 * An entry as its owner is shown it (SPEC section 3 "Entry (user view)"), in the facts both
 * sides hold: the command side from the competition stream's state, the read side from the
 * entries and competitions models. `toUserEntry` is the one set of rules for both, so a
 * confirmation and `GET /api/entries` describe an entry alike.
 */
export interface OwnedEntry {
  readonly entryId: string
  readonly competitionId: string
  /** What the entry's competition shows; null while the read side has not caught up with it. */
  readonly competition: {
    readonly title: string
    /** The draw date: the competition's end date, ISO. */
    readonly endDate: string
    readonly status: CompetitionLifecycleStatus
  } | null
  readonly quantity: number
  readonly amountPence: number
  /** Where the money is: pending, paid, failed (nothing taken) or refunded (or owed back). */
  readonly payment: EntryPayment
  /** A chargeback is open (the money is still paid meanwhile). */
  readonly disputed: boolean
  /** The draw picked this entry. */
  readonly won: boolean
  /** Decided at allocation; null until then. */
  readonly answerCorrect: boolean | null
  readonly entryReference: string | null
  readonly ticketNumbers: readonly number[]
  /** When the entry was made, ISO: paid (allocated), else reserved. */
  readonly entryDate: string
  readonly postal: boolean
}

/** Competitions whose entries are final: only then may an entrant learn whether they are in the draw. */
const closedStatuses: ReadonlySet<CompetitionLifecycleStatus> = new Set(['closed', 'drawing', 'completed'])

/**
 * The entry's state as the dashboard labels it: a refunded entry or a cancelled competition
 * (a deleted one was cancelled first) is cancelled, the drawn entry has won, the others in a
 * completed competition have been drawn; until then the entry is active.
 */
function entryStatusOf(entry: OwnedEntry): UserEntry['status'] {
  const competition = entry.competition?.status
  if (entry.payment === 'refunded' || competition === 'cancelled' || competition === 'deleted') {
    return 'cancelled'
  }
  if (entry.won) return 'won'
  if (competition === 'completed') return 'drawn'
  return 'active'
}

/**
 * In the draw or not (a wrong answer): said once the competition has closed, never before, so
 * the answer's correctness cannot be learnt while entries are still open. Entries not paid (or
 * refunded) have no draw to be in; under an open chargeback whether the sealed list holds it
 * depends on when it opened, so nothing is said.
 */
function drawStatusOf(entry: OwnedEntry): UserEntry['drawStatus'] {
  const competition = entry.competition?.status
  if (entry.payment !== 'paid' || competition === undefined || !closedStatuses.has(competition)) return null
  if (entry.disputed || entry.answerCorrect === null) return null
  return entry.answerCorrect ? 'in_draw' : 'not_in_draw'
}

/** The entry in the contract's shape: money in pounds, dates as ISO strings. */
export function toUserEntry(entry: OwnedEntry): UserEntry {
  const status = entryStatusOf(entry)
  return {
    id: entry.entryId,
    competitionId: entry.competitionId,
    competitionTitle: entry.competition?.title ?? '',
    numberOfEntries: entry.quantity,
    totalCost: entry.amountPence / 100,
    entryDate: entry.entryDate,
    status,
    entryStatus: status,
    paymentStatus: entry.disputed ? 'disputed' : entry.payment,
    entryReference: entry.entryReference,
    drawDate: entry.competition?.endDate ?? null,
    ticketNumbers: [...entry.ticketNumbers],
    entryMethod: entry.postal ? 'postal' : 'online',
    drawStatus: drawStatusOf(entry),
  }
}

/** Where an entry's money is, by its payment machine's status (the entries model's rule too). */
export function paymentOf(status: EntryPaymentStatus): Pick<OwnedEntry, 'payment' | 'disputed'> {
  switch (status) {
    case 'reserved':
      return { payment: 'pending', disputed: false }
    case 'paid':
      return { payment: 'paid', disputed: false }
    case 'disputed':
      return { payment: 'paid', disputed: true }
    case 'refundDue':
    case 'refundPending':
    case 'refunded':
      return { payment: 'refunded', disputed: false }
    case 'released':
    case 'failed':
    case 'voided':
      return { payment: 'failed', disputed: false }
    default: {
      const unknown: never = status
      throw new Error(`No payment for entry status ${String(unknown)}`)
    }
  }
}

/** The entry as the competition stream's state tells it; `entryDate` as the caller knows it. */
export function ownedEntryOf(competition: Competition, entry: Entry, entryDate: string): OwnedEntry {
  return {
    entryId: entry.entryId,
    competitionId: competition.competitionId,
    competition: {
      title: competition.details.title,
      endDate: competition.details.endDate,
      status: competition.status,
    },
    quantity: entry.quantity,
    amountPence: entry.amountPence,
    ...paymentOf(entry.status),
    won: competition.winningEntryId === entry.entryId,
    answerCorrect: entry.answerCorrect,
    entryReference: entry.entryReference,
    ticketNumbers: entry.ticketNumbers,
    entryDate,
    postal: entry.postal,
  }
}
