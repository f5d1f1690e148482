import type { EntryEvent } from '@prizes/contracts'
import { emptyMap, type PersistentMap } from '../collections/persistent-map'
import { type EntryPaymentEventType, type EntryPaymentStatus, nextPaymentStatus } from './payment.machine'

/** One entry of a competition, as its stream tells it. No personal data: a user id only. */
export interface Entry {
  readonly entryId: string
  readonly userId: string
  readonly quantity: number
  readonly amountPence: number
  readonly answer: string
  /** Which question of the competition's pool was answered; 0 for entries made before pools. */
  readonly questionIndex: number
  readonly status: EntryPaymentStatus
  /** Null for a free competition. */
  readonly paymentIntentId: string | null
  readonly expiresAt: string
  /** Empty until allocated; kept after a refund (numbers are never reused). */
  readonly ticketNumbers: readonly number[]
  readonly entryReference: string | null
  /** Decided at allocation; null until then. */
  readonly answerCorrect: boolean | null
  /** When the tickets were allocated, when the event says (older events do not). */
  readonly allocatedAt: string | null
  /**
   * Released because its entrant was erased (`user_erased`): a payment that arrives anyway is
   * owed back, never allocated to an account that no longer exists.
   */
  readonly userErased: boolean
  /** A free entry by post (`PostalEntryRecorded`): paid for by nobody, drawn like the rest. */
  readonly postal: boolean
}

/**
 * The ticket counters. `allocated` never falls (a refund does not return tickets to sale) and
 * ticket numbers are `1..allocated`, so the next number is always `allocated + 1`.
 * `reserved` counts tickets of entries still in `reserved`, expired or not; whether a
 * reservation still holds depends on the moment, which only a command knows.
 */
export interface Tickets {
  readonly allocated: number
  readonly reserved: number
  readonly nextNumber: number
}

/** A reservation not yet allocated, released or failed: what may still hold tickets. */
export interface Hold {
  readonly entryId: string
  readonly quantity: number
  readonly expiresAt: string
}

/**
 * A competition's entries, looked up by id, and its counters. `holds` has one item per entry
 * still `reserved`, so availability never walks the entries: at most the reservations in
 * flight, and only when the counters alone cannot say there is room. `heldBy` names each
 * user's reservation still `reserved` (user id → entry id), so finding the one a new
 * reservation replaces costs one lookup however many are in flight.
 */
export interface Entries {
  readonly entries: PersistentMap<Entry>
  readonly holds: PersistentMap<Hold>
  readonly heldBy: PersistentMap<string>
  readonly tickets: Tickets
  /**
   * Tickets each user holds (user id → count): allocated, paid or postal, and not refunded. The
   * per-person cap reads it in one lookup, however many entries the competition has.
   */
  readonly ticketsBy: PersistentMap<number>
}

export const noEntries: Entries = {
  entries: emptyMap(),
  holds: emptyMap(),
  heldBy: emptyMap(),
  tickets: { allocated: 0, reserved: 0, nextNumber: 1 },
  ticketsBy: emptyMap(),
}

/** The tickets `userId` holds in this competition (allocated and not refunded). */
export const ticketsOfUser = (state: Pick<Entries, 'ticketsBy'>, userId: string): number =>
  state.ticketsBy.get(userId) ?? 0

/**
 * `ticketsBy` with `delta` tickets more (or fewer) for `userId`. A count that falls to 0 is kept
 * as 0: removing a key from a map read lazily from a snapshot would decode all of it.
 */
function countFor(state: Pick<Entries, 'ticketsBy'>, userId: string, delta: number): PersistentMap<number> {
  if (delta === 0) return state.ticketsBy
  return state.ticketsBy.set(userId, Math.max(0, ticketsOfUser(state, userId) + delta))
}

/**
 * Tickets of `userId`'s reservation that still holds at `now`, if any: they count against the
 * cap for a postal entry, which does not replace the reservation (a new paid one does).
 */
export function heldByUser(state: Entries, userId: string, now: Date): number {
  const entry = reservationOf(state, userId)
  return entry && Date.parse(entry.expiresAt) > now.getTime() ? entry.quantity : 0
}

/**
 * The user's reservation that is still `reserved` (expired or not), if any. Streams written
 * before one reservation per user was the rule may hold several; the latest is the one named.
 */
export function reservationOf(state: Entries, userId: string): Entry | undefined {
  const entryId = state.heldBy.get(userId)
  const entry = entryId === undefined ? undefined : state.entries.get(entryId)
  return entry?.status === 'reserved' ? entry : undefined
}

const holdsAt = (hold: Hold, now: Date, except: string | undefined) =>
  hold.entryId !== except && Date.parse(hold.expiresAt) > now.getTime()

/** Tickets that hold capacity at `now`: reservations not yet allocated, released or expired. */
export function heldTickets(state: Entries, now: Date, except?: string): number {
  let held = 0
  for (const hold of state.holds.values()) if (holdsAt(hold, now, except)) held += hold.quantity
  return held
}

/** Tickets still for sale at `now`, never below zero. */
export function remainingTickets(state: Entries, totalTickets: number, now: Date, except?: string): number {
  return Math.max(0, totalTickets - state.tickets.allocated - heldTickets(state, now, except))
}

/**
 * Whether `quantity` tickets are for sale at `now`. The counters answer at once whenever every
 * reservation could still hold and there is room anyway (almost always); only near a sell-out
 * are the reservations in flight looked at.
 */
export function hasRoomFor(
  state: Entries,
  totalTickets: number,
  quantity: number,
  now: Date,
  except?: string,
): boolean {
  const { allocated, reserved } = state.tickets
  if (totalTickets - allocated - reserved >= quantity) return true
  return remainingTickets(state, totalTickets, now, except) >= quantity
}

/** The entry after the payment machine's move, or undefined when the machine refuses it. */
function moved(
  state: Entries,
  entryId: string,
  eventType: EntryPaymentEventType,
  change: Partial<Entry> = {},
) {
  const entry = state.entries.get(entryId)
  const status = entry && nextPaymentStatus(entry.status, eventType)
  // Only a corrupt stream holds a move the machine refuses; evolve never throws (see state.ts).
  if (!entry || status === undefined) return undefined
  return { before: entry, after: { ...entry, ...change, status } }
}

/** Puts the moved entry back, keeping `holds` and `reserved` in step with its status. */
function put(
  state: Entries,
  next: { before: Entry; after: Entry },
  tickets: Tickets = state.tickets,
): Entries {
  const { before, after } = next
  const left = before.status === 'reserved' && after.status !== 'reserved'
  const named = left && state.heldBy.get(before.userId) === before.entryId
  return {
    entries: state.entries.set(after.entryId, after),
    holds: left ? state.holds.delete(after.entryId) : state.holds,
    heldBy: named ? state.heldBy.delete(before.userId) : state.heldBy,
    tickets: left ? { ...tickets, reserved: tickets.reserved - before.quantity } : tickets,
    ticketsBy: countFor(state, before.userId, ticketsGained(before, after)),
  }
}

/** Tickets an entry's move gives its user (allocation) or takes away (a refund of paid tickets). */
function ticketsGained(before: Entry, after: Entry): number {
  if (before.status !== 'paid' && after.status === 'paid') return after.ticketNumbers.length
  if (before.status === 'paid' && after.status !== 'paid') return -before.ticketNumbers.length
  return 0
}

/** Applies an entry event to the competition's entries and counters. O(log32 n) per event. */
export function evolveEntries(state: Entries, event: EntryEvent): Entries {
  const { tickets } = state
  switch (event.type) {
    case 'TicketsReserved': {
      const { entryId, userId, quantity, amountPence, paymentIntentId, answer, expiresAt } = event.data
      if (state.entries.has(entryId)) return state
      const entry: Entry = {
        entryId,
        userId,
        quantity,
        amountPence,
        answer,
        questionIndex: event.data.questionIndex ?? 0,
        status: 'reserved',
        paymentIntentId,
        expiresAt,
        ticketNumbers: [],
        entryReference: null,
        answerCorrect: null,
        allocatedAt: null,
        userErased: false,
        postal: false,
      }
      return {
        entries: state.entries.set(entryId, entry),
        holds: state.holds.set(entryId, { entryId, quantity, expiresAt }),
        heldBy: state.heldBy.set(userId, entryId),
        tickets: { ...tickets, reserved: tickets.reserved + quantity },
        ticketsBy: state.ticketsBy,
      }
    }
    case 'PostalEntryRecorded': {
      const { entryId, userId, ticketNumbers, entryReference, answer, answerCorrect, allocatedAt } =
        event.data
      if (state.entries.has(entryId)) return state
      const entry: Entry = {
        entryId,
        userId,
        quantity: ticketNumbers.length,
        amountPence: 0,
        answer,
        questionIndex: event.data.questionIndex ?? 0,
        status: 'paid',
        paymentIntentId: null,
        expiresAt: allocatedAt,
        ticketNumbers,
        entryReference,
        answerCorrect,
        allocatedAt,
        userErased: false,
        postal: true,
      }
      let last = tickets.nextNumber - 1
      for (const n of ticketNumbers) if (n > last) last = n
      return {
        ...state,
        entries: state.entries.set(entryId, entry),
        tickets: { ...tickets, allocated: tickets.allocated + ticketNumbers.length, nextNumber: last + 1 },
        ticketsBy: countFor(state, userId, ticketNumbers.length),
      }
    }
    case 'ReservationReleased': {
      const { entryId, reason } = event.data
      const next = moved(
        state,
        entryId,
        reason === 'payment_failed' ? 'payment.failed' : 'reservation.released',
        reason === 'user_erased' ? { userErased: true } : {},
      )
      return next ? put(state, next) : state
    }
    case 'TicketsAllocated': {
      const { entryId, ticketNumbers, entryReference, answerCorrect } = event.data
      const next = moved(state, entryId, 'payment.succeeded', {
        ticketNumbers,
        entryReference,
        answerCorrect,
        allocatedAt: event.data.allocatedAt ?? null,
      })
      if (!next) return state
      const allocated = tickets.allocated + ticketNumbers.length
      let last = tickets.nextNumber - 1
      for (const n of ticketNumbers) if (n > last) last = n
      return put(state, next, { ...tickets, allocated, nextNumber: last + 1 })
    }
    case 'PaymentRefundDue': {
      const next = moved(state, event.data.entryId, 'payment.unallocatable')
      return next ? put(state, next) : state
    }
    case 'PaymentVoidDue': {
      const next = moved(state, event.data.entryId, 'payment.voidable')
      return next ? put(state, next) : state
    }
    case 'EntryRefundRequested': {
      const next = moved(state, event.data.entryId, 'refund.requested')
      return next ? put(state, next) : state
    }
    case 'EntryRefunded': {
      const next = moved(state, event.data.entryId, 'refund.recorded')
      return next ? put(state, next) : state
    }
    case 'EntryDisputed': {
      const next = moved(state, event.data.entryId, 'dispute.opened')
      return next ? put(state, next) : state
    }
    case 'EntryDisputeClosed': {
      // Lost: EntryRefunded follows. Won without reinstatement: the entry stays out of the draw.
      if (!event.data.reinstated) return state
      const next = moved(state, event.data.entryId, 'dispute.won')
      return next ? put(state, next) : state
    }
    default: {
      const unhandled: never = event
      throw new Error(`evolveEntries does not handle ${JSON.stringify(unhandled)}`)
    }
  }
}
