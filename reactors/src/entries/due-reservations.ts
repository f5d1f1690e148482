import { competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { RecordedEvent, SubscriptionFilter } from '@prizes/event-store'

/**
 * A reservation still holding tickets, neither allocated nor released yet, or one replaced by
 * its entrant's next, whose intent is made sure of at its expiry.
 */
export interface DueReservation {
  readonly competitionId: string
  readonly entryId: string
  /** Null for a free entry, which has nothing to cancel. */
  readonly paymentIntentId: string | null
  readonly expiresAt: Date
  /** The TicketsReserved event, as the cause of what the reactor does about it. */
  readonly eventId: string
}

export const reservationEventTypes = ['TicketsReserved', 'TicketsAllocated', 'ReservationReleased'] as const

export const reservationFilter: SubscriptionFilter = {
  streamPrefixes: [competitionStreamPrefix],
  eventTypes: reservationEventTypes,
}

export type ReservationChange =
  | { readonly kind: 'reserved'; readonly reservation: DueReservation }
  | { readonly kind: 'settled'; readonly entryId: string }

/** What one event does to the due list; undefined for anything else (or data we cannot read). */
export function reservationChangeOf(event: RecordedEvent): ReservationChange | undefined {
  switch (event.type) {
    case 'TicketsReserved': {
      const parsed = entryEvents.TicketsReserved.safeParse(event.data)
      if (!parsed.success) return undefined
      const { competitionId, entryId, paymentIntentId, expiresAt } = parsed.data
      return {
        kind: 'reserved',
        reservation: {
          competitionId,
          entryId,
          paymentIntentId,
          expiresAt: new Date(expiresAt),
          eventId: event.id,
        },
      }
    }
    case 'TicketsAllocated': {
      const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
      return parsed.success ? { kind: 'settled', entryId: parsed.data.entryId } : undefined
    }
    case 'ReservationReleased': {
      const parsed = entryEvents.ReservationReleased.safeParse(event.data)
      // A replaced reservation's intent was cancelled only as well as the provider answered at
      // the time; it stays due, so at its expiry the provider is asked again: a payment that
      // got through is allocated (or owed back), anything else is cancelled for certain.
      if (!parsed.success || parsed.data.reason === 'replaced') return undefined
      return { kind: 'settled', entryId: parsed.data.entryId }
    }
    default:
      return undefined
  }
}

/**
 * The reservations waiting for their expiry, by entry id. Events arrive in log order, where an
 * entry's reservation always comes before its allocation or release; the only repeat is the one
 * event a crash left unconfirmed, and applying any event twice changes nothing.
 */
export class DueReservations {
  private readonly due = new Map<string, DueReservation>()

  /** Applies a change; answers the reservation when it became due, the entry id when it settled. */
  apply(change: ReservationChange): ReservationChange | undefined {
    if (change.kind === 'reserved') {
      const { entryId } = change.reservation
      if (this.due.has(entryId)) return undefined
      this.due.set(entryId, change.reservation)
      return change
    }
    return this.due.delete(change.entryId) ? change : undefined
  }

  get(entryId: string): DueReservation | undefined {
    return this.due.get(entryId)
  }

  list(): DueReservation[] {
    return [...this.due.values()]
  }
}
