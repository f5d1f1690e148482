import { entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { recordRefunded, recordSpent, releaseHold } from './ledger'

/** The entry events that move the spending ledger. */
export const ledgerEventTypes = ['TicketsAllocated', 'ReservationReleased', 'EntryRefunded'] as const

/**
 * What one entry event does to the spending ledger (the `spending-ledger` reactor runs it for
 * every one): a paid entry's hold becomes spending, a released one stops counting, a refunded
 * one leaves the month. Each move happens once, so a replay changes nothing.
 */
export async function applyToLedger(knex: Knex, event: RecordedEvent): Promise<void> {
  switch (event.type) {
    case 'TicketsAllocated': {
      const data = entryEvents.TicketsAllocated.parse(event.data)
      return recordSpent(knex, {
        entryId: data.entryId,
        userId: data.userId,
        competitionId: data.competitionId,
        amountPence: data.amountPence,
        at: data.allocatedAt ? new Date(data.allocatedAt) : event.recordedAt,
      })
    }
    case 'ReservationReleased':
      return releaseHold(knex, entryEvents.ReservationReleased.parse(event.data).entryId)
    case 'EntryRefunded':
      return recordRefunded(knex, entryEvents.EntryRefunded.parse(event.data).entryId)
    default:
      return
  }
}
