import { type EntryEvent, entryCapOf, entryMessages } from '@prizes/contracts'
import { nextStatus } from '../competition/competition.machine'
import { CompetitionNotFound } from '../competition/errors'
import type { Competition, CompetitionState } from '../competition/state'
import type {
  AllocateTickets,
  QuoteEntry,
  RecordPostalEntry,
  RecordRefund,
  ReleaseReservation,
  RequestRefund,
  ReserveTickets,
} from './commands'
import {
  CompetitionNotActive,
  EntryAlreadyExists,
  EntryCapReached,
  EntryNotFound,
  EntryNotRefundable,
  InvalidEntry,
  InvalidPostalEntry,
  NotEnoughTickets,
  PostalEntryAfterClose,
} from './errors'
import { nextPaymentStatus } from './payment.machine'
import { answersCorrectly, assertAnswersGiven } from './skill-question'
import { type Entry, hasRoomFor, heldByUser, remainingTickets, reservationOf, ticketsOfUser } from './state'

/** The most tickets one purchase may take (SPEC section 9). */
export const maxEntriesPerPurchase = 10

function existing(state: CompetitionState, competitionId: string): Competition {
  if (!state.exists || state.status === 'deleted') throw new CompetitionNotFound(competitionId)
  return state
}

/** Active per the lifecycle machine (it accepts `competition.enter`) and inside its dates. */
function acceptsEntries(competition: Competition, now: Date): boolean {
  const { startDate, endDate } = competition.details
  const at = now.getTime()
  return (
    nextStatus(competition.status, 'competition.enter') !== undefined &&
    Date.parse(startDate) <= at &&
    at < Date.parse(endDate)
  )
}

/**
 * Takes an envelope keyed in now, per the lifecycle machine (`competition.enterByPost`): while
 * active (from its start, and past its end date before the automatic close has run), undersold,
 * or closed until the draw starts. Whether the envelope itself arrived in time is the caller's check.
 */
function takesEnvelopes(competition: Competition, now: Date): boolean {
  if (nextStatus(competition.status, 'competition.enterByPost') === undefined) return false
  return competition.status !== 'active' || Date.parse(competition.details.startDate) <= now.getTime()
}

function entryOf(competition: Competition, entryId: string): Entry {
  const entry = competition.entries.get(entryId)
  if (!entry) throw new EntryNotFound(entryId)
  return entry
}

/**
 * Refuses `quantity` more tickets for `userId` past the competition's per-person cap. `held` is
 * what their reservation still holds and the new tickets do not replace (a postal entry's case;
 * a new reservation replaces the old one, so it passes 0).
 */
function assertWithinCap(competition: Competition, userId: string, quantity: number, held: number): void {
  const cap = entryCapOf(competition.details)
  const remaining = Math.max(0, cap - ticketsOfUser(competition, userId) - held)
  if (quantity > remaining) throw new EntryCapReached(cap, remaining)
}

/**
 * The rules a reservation must meet at `now`; throws the first one it breaks. `replacing` is the
 * entrant's own reservation the new one replaces: its tickets are theirs to take again.
 */
function assertReservable(
  competition: Competition,
  userId: string,
  quantity: number,
  answer: { readonly text: string; readonly questionIndex: number },
  now: Date,
  replacing?: string,
): void {
  if (!acceptsEntries(competition, now)) throw new CompetitionNotActive(competition.competitionId)
  const { details } = competition
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxEntriesPerPurchase) {
    throw new InvalidEntry('numberOfEntries', entryMessages.numberOfEntries)
  }
  assertAnswersGiven(details, answer.questionIndex, answer.text)
  assertWithinCap(competition, userId, quantity, 0)
  if (!hasRoomFor(competition, details.totalTickets, quantity, now, replacing)) {
    throw new NotEnoughTickets(quantity, remainingTickets(competition, details.totalTickets, now, replacing))
  }
}

export function quoteEntry(command: QuoteEntry, state: CompetitionState): EntryEvent[] {
  const { competitionId, userId, quantity, answer, questionIndex = 0 } = command.data
  const competition = existing(state, competitionId)
  const replacing = reservationOf(competition, userId)?.entryId
  assertReservable(
    competition,
    userId,
    quantity,
    { text: answer, questionIndex },
    command.metadata.now,
    replacing,
  )
  return []
}

/**
 * When a replacing reservation expires: never later than the one it replaces while that one
 * still holds, so going back and paying again (or an attacker asking again and again) cannot
 * keep tickets off sale for longer than one reservation's time. Once the old one has lapsed,
 * its tickets were for sale again already and the new one is an ordinary new reservation.
 */
function replacementExpiry(replaced: Entry, expiresAt: string, now: Date): string {
  const until = Date.parse(replaced.expiresAt)
  return until > now.getTime() && until < Date.parse(expiresAt) ? replaced.expiresAt : expiresAt
}

/**
 * Holds tickets for an entry. One unpaid reservation per user and competition: a user who
 * already has one (going back to change their details, paying again, or asking twice to hold
 * more) gives it up in the same append, `replaced`, and the new one keeps its expiry (see
 * `replacementExpiry`). So one user holds at most one purchase's tickets (10) at a time,
 * whichever process serves them. The replaced intent may still be paid; that late payment is
 * allocated while tickets remain, else owed back (`allocateTickets`).
 */
export function reserveTickets(command: ReserveTickets, state: CompetitionState): EntryEvent[] {
  const {
    competitionId,
    entryId,
    userId,
    quantity,
    answer,
    paymentIntentId,
    questionIndex = 0,
  } = command.data
  const competition = existing(state, competitionId)
  const known = competition.entries.get(entryId)
  if (known) {
    // A retried command is answered by the entry it already made; anything else is a clash.
    if (known.userId === userId && known.paymentIntentId === paymentIntentId) return []
    throw new EntryAlreadyExists(entryId)
  }
  const { now } = command.metadata
  const replaced = reservationOf(competition, userId)
  assertReservable(competition, userId, quantity, { text: answer, questionIndex }, now, replaced?.entryId)
  const amountPence = quantity * competition.details.entryPricePence
  if (amountPence > 0 && paymentIntentId === null) {
    throw new Error('A paid entry needs its payment intent')
  }
  const expiresAt = replaced
    ? replacementExpiry(replaced, command.data.expiresAt, now)
    : command.data.expiresAt
  const reservation: EntryEvent = {
    type: 'TicketsReserved',
    data: {
      competitionId,
      entryId,
      userId,
      quantity,
      amountPence,
      paymentIntentId,
      answer,
      ...(questionIndex === 0 ? {} : { questionIndex }),
      expiresAt,
    },
  }
  if (!replaced) return [reservation]
  const release: EntryEvent = {
    type: 'ReservationReleased',
    data: { competitionId, entryId: replaced.entryId, reason: 'replaced' },
  }
  return [release, reservation]
}

type RefundDueReason = Extract<EntryEvent, { type: 'PaymentRefundDue' }>['data']['reason']

/**
 * A payment for an entry that gets no tickets: owed back when the money was taken (the refund
 * reactor returns it), voided when the card was only authorised (nothing taken).
 */
function refundDue(
  competitionId: string,
  entry: Entry,
  reason: RefundDueReason,
  authorised = false,
): EntryEvent {
  const { entryId, userId, amountPence, paymentIntentId } = entry
  if (paymentIntentId === null) throw new Error('a free entry owes nothing back')
  const data = { competitionId, entryId, userId, amountPence, paymentIntentId, reason }
  return authorised ? { type: 'PaymentVoidDue', data } : { type: 'PaymentRefundDue', data }
}

/**
 * Numbers the tickets of a paid (or free) entry. Idempotent: an entry already allocated, owed
 * back or refunded records nothing, and the caller answers from the state. A reservation that
 * no longer holds (expired, released, failed) is still allocated while tickets remain;
 * otherwise a paid entry becomes `PaymentRefundDue`, because the money has been taken, or, when
 * the card was only authorised (`authorised`), `PaymentVoidDue`: nothing is taken at all. So
 * does the payment of an erased entrant, always: their reservation was released for the erasure,
 * or the command says they are erased.
 */
export function allocateTickets(command: AllocateTickets, state: CompetitionState): EntryEvent[] {
  const { competitionId, entryId, entryReference } = command.data
  const competition = existing(state, competitionId)
  const entry = entryOf(competition, entryId)
  if (command.data.paymentIntentId !== undefined && command.data.paymentIntentId !== entry.paymentIntentId) {
    throw new EntryNotFound(entryId)
  }
  if (nextPaymentStatus(entry.status, 'payment.succeeded') === undefined) return []
  if (command.data.userErased === true || entry.userErased) {
    // Tickets are never given to an erased account; a payment made anyway goes back.
    if (entry.paymentIntentId === null) throw new EntryNotFound(entryId)
    return [refundDue(competitionId, entry, 'user_erased', command.data.authorised)]
  }
  const now = command.metadata.now
  const { details, tickets } = competition
  const holds = entry.status === 'reserved' && Date.parse(entry.expiresAt) > now.getTime()
  const open = nextStatus(competition.status, 'competition.enter') !== undefined
  const fits = holds || hasRoomFor(competition, details.totalTickets, entry.quantity, now, entryId)
  // A replaced reservation paid late, on top of the one that replaced it, must not beat the cap.
  const capped = ticketsOfUser(competition, entry.userId) + entry.quantity > entryCapOf(details)
  if (!open || !fits || capped) {
    const reason = !open ? 'competition_closed' : !fits ? 'sold_out' : 'entry_cap'
    if (entry.paymentIntentId === null) {
      if (!open) throw new CompetitionNotActive(competitionId)
      if (!fits)
        throw new NotEnoughTickets(entry.quantity, remainingTickets(competition, details.totalTickets, now))
      const cap = entryCapOf(details)
      throw new EntryCapReached(cap, Math.max(0, cap - ticketsOfUser(competition, entry.userId)))
    }
    return [refundDue(competitionId, entry, reason, command.data.authorised)]
  }
  const ticketNumbers = Array.from({ length: entry.quantity }, (_, i) => tickets.nextNumber + i)
  return [
    {
      type: 'TicketsAllocated',
      data: {
        competitionId,
        entryId,
        userId: entry.userId,
        ticketNumbers,
        entryReference,
        answer: entry.answer,
        ...(entry.questionIndex === 0 ? {} : { questionIndex: entry.questionIndex }),
        answerCorrect: answersCorrectly(details, entry.questionIndex, entry.answer),
        amountPence: entry.amountPence,
        paymentIntentId: entry.paymentIntentId,
        allocatedAt: now.toISOString(),
        ...(command.data.authorised === true && entry.paymentIntentId !== null
          ? { authorised: true as const }
          : {}),
      },
    },
  ]
}

/** The envelope's date may not be in the future by more than this much clock difference. */
const receivedAtTolerance = 5 * 60_000

/**
 * A free entry by post: one ticket, under the rules of a paid one (open competition, an answer
 * among the options, a ticket left, the per-person cap with the entrant's live reservation
 * counted), and the answer decided as a paid one's is. It must have arrived before the close
 * (the end date), not before the day the competition opened (its start date) and not in the
 * future; so arrived, it counts until the draw starts, however late it is keyed in (issue 24: the
 * free route is no worse than the paid one). After the close the competition's decider seals
 * the list again (`resealAfterPostalEntry`). Recorded again with the same entry id, it records
 * nothing; another entry under that id is refused.
 */
export function recordPostalEntry(command: RecordPostalEntry, state: CompetitionState): EntryEvent[] {
  const {
    competitionId,
    entryId,
    userId,
    answer,
    receivedAt,
    entryReference,
    questionIndex = 0,
  } = command.data
  const competition = existing(state, competitionId)
  const known = competition.entries.get(entryId)
  if (known) {
    if (
      known.postal &&
      known.userId === userId &&
      known.answer === answer &&
      known.questionIndex === questionIndex
    )
      return []
    throw new InvalidPostalEntry('entryId', 'This form was already used for a different postal entry')
  }
  const { now } = command.metadata
  const received = Date.parse(receivedAt)
  if (Number.isNaN(received) || received > now.getTime() + receivedAtTolerance) {
    throw new InvalidPostalEntry('receivedAt', 'The date received cannot be in the future')
  }
  const { details } = competition
  // The form sends a day, taken as its start (UTC): an envelope of the opening day is in time.
  const openingDay = new Date(details.startDate)
  openingDay.setUTCHours(0, 0, 0, 0)
  if (received < openingDay.getTime()) {
    throw new InvalidPostalEntry(
      'receivedAt',
      'The date received is before the competition opened: check the date on the envelope',
    )
  }
  if (received >= Date.parse(details.endDate)) throw new PostalEntryAfterClose(details.endDate)
  if (!takesEnvelopes(competition, now)) throw new CompetitionNotActive(competitionId)
  assertAnswersGiven(details, questionIndex, answer)
  assertWithinCap(competition, userId, 1, heldByUser(competition, userId, now))
  if (!hasRoomFor(competition, details.totalTickets, 1, now)) {
    throw new NotEnoughTickets(1, remainingTickets(competition, details.totalTickets, now))
  }
  return [
    {
      type: 'PostalEntryRecorded',
      data: {
        competitionId,
        entryId,
        userId,
        ticketNumbers: [competition.tickets.nextNumber],
        entryReference,
        answer,
        ...(questionIndex === 0 ? {} : { questionIndex }),
        answerCorrect: answersCorrectly(details, questionIndex, answer),
        amountPence: 0,
        paymentIntentId: null,
        receivedAt: new Date(received).toISOString(),
        allocatedAt: now.toISOString(),
      },
    },
  ]
}

/** Gives up a reservation; records nothing once it is allocated, released or not yet expired. */
export function releaseReservation(command: ReleaseReservation, state: CompetitionState): EntryEvent[] {
  const { competitionId, entryId, reason } = command.data
  const entry = entryOf(existing(state, competitionId), entryId)
  if (entry.status !== 'reserved') return []
  // A reactor whose clock runs ahead must not take tickets from someone still paying.
  if (reason === 'expired' && Date.parse(entry.expiresAt) > command.metadata.now.getTime()) return []
  return [{ type: 'ReservationReleased', data: { competitionId, entryId, reason } }]
}

/**
 * Between close and the draw's completion the paid entries are sealed: the draw picks from the
 * list fixed at close, so a refund then could hand the prize to an entry that was refunded.
 * A payment owed back (it never had tickets) is not in the list and may be refunded any time.
 */
const sealedStatuses: ReadonlySet<Competition['status']> = new Set(['closed', 'drawing'])

/** An admin refunds a paid entry only while its competition is open or once it is cancelled. */
const adminRefundableStatuses: ReadonlySet<Competition['status']> = new Set(['active', 'cancelled'])

/**
 * An admin's refund of a paid entry, asked for before the provider is called: from this event
 * the entry is off the draw list, and closing, decided on the same stream, either came first
 * (then the refund is refused here and no money moves) or seals the list without it. Once per
 * entry: asked again while pending, it records nothing and the caller completes the refund
 * under the same key (a concurrent request, or a retry after the provider failed).
 */
export function requestRefund(command: RequestRefund, state: CompetitionState): EntryEvent[] {
  const { competitionId, entryId, reason } = command.data
  const competition = existing(state, competitionId)
  const entry = entryOf(competition, entryId)
  if (entry.status === 'refundPending') return []
  if (entry.status === 'refunded') throw new EntryNotRefundable(entryId, entry.status)
  const { paymentIntentId } = entry
  if (paymentIntentId === null || nextPaymentStatus(entry.status, 'refund.requested') === undefined) {
    throw new EntryNotRefundable(entryId, entry.status, undefined, 'not_paid')
  }
  if (!adminRefundableStatuses.has(competition.status)) {
    throw new EntryNotRefundable(
      entryId,
      entry.status,
      `An entry can be refunded only while its competition is open or after it is cancelled (this one is ${competition.status})`,
      'competition_not_open',
    )
  }
  return [
    {
      type: 'EntryRefundRequested',
      data: { competitionId, entryId, amountPence: entry.amountPence, paymentIntentId, reason },
    },
  ]
}

/**
 * Records money given back, once per entry. Refunded tickets are never sold again nor drawn. A
 * requested refund is recorded whatever the competition's status since: it is not on the list.
 */
export function recordRefund(command: RecordRefund, state: CompetitionState): EntryEvent[] {
  const { competitionId, entryId, refundId, reason } = command.data
  const competition = existing(state, competitionId)
  const entry = entryOf(competition, entryId)
  if (entry.status === 'refunded') return []
  if (entry.status === 'paid' && sealedStatuses.has(competition.status)) {
    throw new EntryNotRefundable(
      entryId,
      entry.status,
      `This entry's tickets are sealed for the draw (the competition is ${competition.status}): refund it once the draw is complete`,
    )
  }
  const { paymentIntentId } = entry
  if (paymentIntentId === null || nextPaymentStatus(entry.status, 'refund.recorded') === undefined) {
    throw new EntryNotRefundable(entryId, entry.status)
  }
  return [
    {
      type: 'EntryRefunded',
      data: { competitionId, entryId, amountPence: entry.amountPence, paymentIntentId, refundId, reason },
    },
  ]
}
