import {
  type CompetitionEvent as CompetitionDetailsEvent,
  type CompetitionEventType as CompetitionDetailsEventType,
  competitionEvents,
  type EntryEvent,
  type EntryEventType,
  entryEvents,
} from '@prizes/contracts'
import type { StoredEvent } from '../decider'

/** Everything on a `competition-<id>` stream: the competition itself and its entries. */
export type CompetitionEvent = CompetitionDetailsEvent | EntryEvent
export type CompetitionEventType = CompetitionDetailsEventType | EntryEventType

function isCompetitionEventType(type: string): type is CompetitionEventType {
  return Object.hasOwn(competitionEvents, type) || Object.hasOwn(entryEvents, type)
}

/**
 * A stored competition event, validated against its contract schema. Unknown types answer
 * undefined (see `EventDecoder`); known types with bad data throw, because a stream that breaks
 * its own contract must stop the command rather than be silently misread.
 */
export function decodeCompetitionEvent(stored: StoredEvent): CompetitionEvent | undefined {
  const { type } = stored
  if (!isCompetitionEventType(type)) return undefined
  switch (type) {
    case 'CompetitionCreated':
      return { type, data: competitionEvents.CompetitionCreated.parse(stored.data) }
    case 'CompetitionRevised':
      return { type, data: competitionEvents.CompetitionRevised.parse(stored.data) }
    case 'CompetitionPublished':
      return { type, data: competitionEvents.CompetitionPublished.parse(stored.data) }
    case 'CompetitionFeaturedSet':
      return { type, data: competitionEvents.CompetitionFeaturedSet.parse(stored.data) }
    case 'CompetitionClosed':
      return { type, data: competitionEvents.CompetitionClosed.parse(stored.data) }
    case 'DrawStarted':
      return { type, data: competitionEvents.DrawStarted.parse(stored.data) }
    case 'DrawCompleted':
      return { type, data: competitionEvents.DrawCompleted.parse(stored.data) }
    case 'CompetitionCancelled':
      return { type, data: competitionEvents.CompetitionCancelled.parse(stored.data) }
    case 'CompetitionDeleted':
      return { type, data: competitionEvents.CompetitionDeleted.parse(stored.data) }
    case 'CompetitionUndersold':
      return { type, data: competitionEvents.CompetitionUndersold.parse(stored.data) }
    case 'CompetitionEndDateExtended':
      return { type, data: competitionEvents.CompetitionEndDateExtended.parse(stored.data) }
    case 'TicketsReserved':
      return { type, data: entryEvents.TicketsReserved.parse(stored.data) }
    case 'ReservationReleased':
      return { type, data: entryEvents.ReservationReleased.parse(stored.data) }
    case 'TicketsAllocated':
      return { type, data: entryEvents.TicketsAllocated.parse(stored.data) }
    case 'PostalEntryRecorded':
      return { type, data: entryEvents.PostalEntryRecorded.parse(stored.data) }
    case 'PaymentRefundDue':
      return { type, data: entryEvents.PaymentRefundDue.parse(stored.data) }
    case 'EntryRefundRequested':
      return { type, data: entryEvents.EntryRefundRequested.parse(stored.data) }
    case 'EntryRefunded':
      return { type, data: entryEvents.EntryRefunded.parse(stored.data) }
    case 'PaymentVoidDue':
      return { type, data: entryEvents.PaymentVoidDue.parse(stored.data) }
    case 'EntryDisputed':
      return { type, data: entryEvents.EntryDisputed.parse(stored.data) }
    case 'EntryDisputeClosed':
      return { type, data: entryEvents.EntryDisputeClosed.parse(stored.data) }
    default: {
      const unhandled: never = type
      throw new Error(`No decoder for competition event ${String(unhandled)}`)
    }
  }
}
