import type { EntryEvent } from '@prizes/contracts'
import { type EntryPaymentEventType, type EntryPaymentStatus, nextPaymentStatus } from './payment.machine'

/** One entry of a competition, as its stream tells it. No personal data: a user id only. */
export interface Entry {
  readonly entryId: string
  readonly userId: string
  readonly quantity: number
  readonly amountPence: number
  readonly answer: string
  readonly status: EntryPaymentStatus
  /** Null for a free competition. */
  readonly paymentIntentId: string | null
  readonly expiresAt: string
  /** Empty until allocated; kept after a refund (numbers are never reused). */
  readonly ticketNumbers: readonly number[]
  readonly entryReference: string | null
  /** Decided at allocation; null until then. */
  readonly answerCorrect: boolean | null
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

export interface Entries {
  readonly entries: Readonly<Record<string, Entry>>
  readonly tickets: Tickets
}

export const noEntries: Entries = { entries: {}, tickets: { allocated: 0, reserved: 0, nextNumber: 1 } }

/** Tickets that hold capacity at `now`: reservations not yet allocated, released or expired. */
export function heldTickets(state: Entries, now: Date, except?: string): number {
  let held = 0
  for (const entry of Object.values(state.entries)) {
    if (
      entry.status === 'reserved' &&
      entry.entryId !== except &&
      Date.parse(entry.expiresAt) > now.getTime()
    ) {
      held += entry.quantity
    }
  }
  return held
}

/** Tickets still for sale at `now`, never below zero. */
export function remainingTickets(state: Entries, totalTickets: number, now: Date, except?: string): number {
  return Math.max(0, totalTickets - state.tickets.allocated - heldTickets(state, now, except))
}

function moved(
  state: Entries,
  entryId: string,
  eventType: EntryPaymentEventType,
  change: Partial<Entry> = {},
) {
  const entry = state.entries[entryId]
  const status = entry && nextPaymentStatus(entry.status, eventType)
  // Only a corrupt stream holds a move the machine refuses; evolve never throws (see state.ts).
  if (!entry || status === undefined) return undefined
  const wasReserved = entry.status === 'reserved' ? entry.quantity : 0
  return {
    entry: { ...entry, ...change, status },
    reserved: state.tickets.reserved - wasReserved,
  }
}

function put(state: Entries, entry: Entry, tickets: Tickets): Entries {
  return { entries: { ...state.entries, [entry.entryId]: entry }, tickets }
}

/** Applies an entry event to the competition's entries and counters. */
export function evolveEntries(state: Entries, event: EntryEvent): Entries {
  const { tickets } = state
  switch (event.type) {
    case 'TicketsReserved': {
      const { entryId, userId, quantity, amountPence, paymentIntentId, answer, expiresAt } = event.data
      if (state.entries[entryId]) return state
      const entry: Entry = {
        entryId,
        userId,
        quantity,
        amountPence,
        answer,
        status: 'reserved',
        paymentIntentId,
        expiresAt,
        ticketNumbers: [],
        entryReference: null,
        answerCorrect: null,
      }
      return put(state, entry, { ...tickets, reserved: tickets.reserved + quantity })
    }
    case 'ReservationReleased': {
      const { entryId, reason } = event.data
      const next = moved(
        state,
        entryId,
        reason === 'payment_failed' ? 'payment.failed' : 'reservation.released',
      )
      return next ? put(state, next.entry, { ...tickets, reserved: next.reserved }) : state
    }
    case 'TicketsAllocated': {
      const { entryId, ticketNumbers, entryReference, answerCorrect } = event.data
      const next = moved(state, entryId, 'payment.succeeded', {
        ticketNumbers,
        entryReference,
        answerCorrect,
      })
      if (!next) return state
      const allocated = tickets.allocated + ticketNumbers.length
      const last = Math.max(tickets.nextNumber - 1, ...ticketNumbers)
      return put(state, next.entry, { allocated, reserved: next.reserved, nextNumber: last + 1 })
    }
    case 'PaymentRefundDue': {
      const next = moved(state, event.data.entryId, 'payment.unallocatable')
      return next ? put(state, next.entry, { ...tickets, reserved: next.reserved }) : state
    }
    case 'EntryRefunded': {
      const next = moved(state, event.data.entryId, 'refund.recorded')
      return next ? put(state, next.entry, tickets) : state
    }
    default: {
      const unhandled: never = event
      throw new Error(`evolveEntries does not handle ${JSON.stringify(unhandled)}`)
    }
  }
}
