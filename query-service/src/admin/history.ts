import {
  type CompetitionHistoryEntry,
  competitionEvents,
  entryEvents,
  actor as envelopeActor,
  type HistoryActor,
} from '@prizes/contracts'
import type { CompetitionEventRow } from '@prizes/read-models'
import { fullName, type Person } from '../users/directory'

/** A competition event as the `competition_events` read model keeps it. */
export type HistoryRow = Omit<CompetitionEventRow, 'competition_id'>

const money = (pence: number) => `£${(pence / 100).toFixed(2)}`
const tickets = (numbers: readonly number[]) => {
  if (numbers.length === 1) return `ticket #${numbers[0]}`
  const sorted = [...numbers].sort((a, b) => a - b)
  const consecutive = sorted.every((n, i) => i === 0 || n === (sorted[i - 1] ?? n) + 1)
  return consecutive
    ? `tickets #${sorted[0]}–#${sorted.at(-1)}`
    : `tickets ${sorted.map((n) => `#${n}`).join(', ')}`
}
const closeReasons = {
  end_date: 'its end date passed',
  sold_out: 'it sold out',
  admin: 'an admin closed it',
  postal_entry: 'a postal entry that arrived before the close was recorded after it (sealed again)',
}
const releaseReasons = {
  expired: 'the reservation expired unpaid',
  payment_failed: 'the payment failed',
  competition_closed: 'the competition closed',
  replaced: 'the entrant changed their details and started a new payment',
  user_erased: 'the entrant was deleted',
  credit_card_limit:
    'the credit card payment would have passed the monthly credit card limit (nothing was charged)',
}
const short = (id: string) => id.slice(0, 8)

/** One line of English per event type; the data is parsed with its contract schema. */
const describe: { readonly [type: string]: (data: unknown) => string } = {
  CompetitionCreated: (d) => {
    const { details } = competitionEvents.CompetitionCreated.parse(d)
    return `Created "${details.title}": ${details.totalTickets} tickets at ${money(details.entryPricePence)}`
  },
  CompetitionRevised: (d) => {
    const { details } = competitionEvents.CompetitionRevised.parse(d)
    return `Details revised ("${details.title}", ${details.totalTickets} tickets at ${money(details.entryPricePence)})`
  },
  CompetitionPublished: (d) => {
    const { seedCommitment } = competitionEvents.CompetitionPublished.parse(d)
    return seedCommitment ? `Published; draw seed committed as sha256 ${seedCommitment}` : 'Published'
  },
  CompetitionFeaturedSet: (d) =>
    competitionEvents.CompetitionFeaturedSet.parse(d).featured ? 'Featured' : 'No longer featured',
  CompetitionClosed: (d) => {
    const { reason, seal, randomness } = competitionEvents.CompetitionClosed.parse(d)
    return `Closed because ${closeReasons[reason]}; ${seal.eligibleTickets} eligible tickets sealed (list sha256 ${seal.listHash}); the draw will use drand round ${randomness.round}`
  },
  DrawStarted: () => 'Draw started',
  DrawCompleted: (d) => {
    const data = competitionEvents.DrawCompleted.parse(d)
    return `Draw completed: ticket #${data.winningTicket} won (drand round ${data.publicRandomness.round}; seed revealed)`
  },
  CompetitionCancelled: (d) => `Cancelled: ${competitionEvents.CompetitionCancelled.parse(d).reason}`,
  CompetitionDeleted: () => 'Deleted',
  CompetitionUndersold: (d) => {
    const data = competitionEvents.CompetitionUndersold.parse(d)
    return `Undersold at its end date: ${data.soldTickets} of the minimum ${data.minimumTickets} tickets sold; entries stopped until an admin decides`
  },
  CompetitionEndDateExtended: (d) => {
    const data = competitionEvents.CompetitionEndDateExtended.parse(d)
    return `End date extended from ${data.previousEndDate} to ${data.endDate}; open for entries again`
  },
  TicketsReserved: (d) => {
    const data = entryEvents.TicketsReserved.parse(d)
    return `${data.quantity} ${data.quantity === 1 ? 'ticket' : 'tickets'} reserved for ${money(data.amountPence)} (entry ${short(data.entryId)})`
  },
  ReservationReleased: (d) => {
    const data = entryEvents.ReservationReleased.parse(d)
    return `Reservation released because ${releaseReasons[data.reason]} (entry ${short(data.entryId)})`
  },
  TicketsAllocated: (d) => {
    const data = entryEvents.TicketsAllocated.parse(d)
    const answer = data.answerCorrect ? 'correct answer' : 'wrong answer, not in the draw'
    return `${data.entryReference}: ${tickets(data.ticketNumbers)} paid ${money(data.amountPence)} (${answer})`
  },
  PostalEntryRecorded: (d) => {
    const data = entryEvents.PostalEntryRecorded.parse(d)
    const answer = data.answerCorrect ? 'correct answer' : 'wrong answer, not in the draw'
    return `${data.entryReference}: postal entry received ${data.receivedAt.slice(0, 10)}, ${tickets(data.ticketNumbers)} (${answer})`
  },
  PaymentRefundDue: (d) => {
    const data = entryEvents.PaymentRefundDue.parse(d)
    return `Payment of ${money(data.amountPence)} arrived too late (${data.reason.replace('_', ' ')}): refund due (entry ${short(data.entryId)})`
  },
  PaymentVoidDue: (d) => {
    const data = entryEvents.PaymentVoidDue.parse(d)
    return `Card authorised for ${money(data.amountPence)} too late (${data.reason.replace('_', ' ')}): not charged, the authorisation voided (entry ${short(data.entryId)})`
  },
  EntryRefundRequested: (d) => {
    const data = entryEvents.EntryRefundRequested.parse(d)
    return `Refund of ${money(data.amountPence)} requested (entry ${short(data.entryId)}): ${data.reason}`
  },
  EntryDisputed: (d) => {
    const data = entryEvents.EntryDisputed.parse(d)
    return `Payment of ${money(data.amountPence)} disputed by the entrant's bank (dispute ${data.disputeId}, reason ${data.reason.replaceAll('_', ' ')}): out of a draw not yet sealed (entry ${short(data.entryId)})`
  },
  EntryDisputeClosed: (d) => {
    const data = entryEvents.EntryDisputeClosed.parse(d)
    const effect =
      data.outcome === 'lost'
        ? 'the money went back to the entrant'
        : data.reinstated
          ? 'the entry stands again'
          : 'the money is kept; the entry stays out of the draw sealed without it'
    return `Dispute ${data.disputeId} closed, ${data.outcome}: ${effect} (entry ${short(data.entryId)})`
  },
  EntryRefunded: (d) => {
    const data = entryEvents.EntryRefunded.parse(d)
    return `Refunded ${money(data.amountPence)} (refund ${data.refundId}, entry ${short(data.entryId)}): ${data.reason}`
  },
}

/** What happened, in one line; an event this version does not know is named by its type. */
export function summarize(type: string, data: unknown): string {
  const line = describe[type]
  if (!line) return type
  try {
    return line(data)
  } catch {
    return `${type} (data not readable by this version)`
  }
}

/** The user id behind an event's actor, to look the person up. */
export function actorUserId(actor: unknown): string | undefined {
  const parsed = envelopeActor.safeParse(actor)
  return parsed.success && 'userId' in parsed.data ? parsed.data.userId : undefined
}

/** The actor as the audit trail shows it; an event without one is the platform's. */
export function toHistoryActor(actor: unknown, people: ReadonlyMap<string, Person>): HistoryActor {
  const parsed = envelopeActor.safeParse(actor)
  if (!parsed.success) return { kind: 'system', id: 'unknown', name: null, email: null }
  if ('system' in parsed.data) return { kind: 'system', id: parsed.data.system, name: null, email: null }
  const person = people.get(parsed.data.userId)
  return {
    kind: parsed.data.role,
    id: parsed.data.userId,
    name: person ? fullName(person) : null,
    email: person?.email ?? null,
  }
}

export function toHistoryEntry(
  row: HistoryRow,
  people: ReadonlyMap<string, Person>,
): CompetitionHistoryEntry {
  return {
    revision: Number(row.revision),
    type: row.type,
    occurredAt: row.occurred_at.toISOString(),
    actor: toHistoryActor(row.actor, people),
    reason: row.reason,
    summary: summarize(row.type, row.data),
  }
}
