import { competitionEvents, entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'

/** A paid, allocated entry of a competition, and its refund once recorded. */
export interface PaidEntry {
  readonly entryId: string
  readonly userId: string
  readonly entryReference: string
  readonly amountPence: number
  readonly paymentIntentId: string
  readonly refund: { readonly amountPence: number; readonly reason: string } | undefined
}

export interface CancelledCompetition {
  readonly title: string | undefined
  /** In allocation order. */
  readonly paid: readonly PaidEntry[]
}

/**
 * Folds a competition's stream into what cancelling it owes: its title and every entry that was
 * paid for (allocated, with an intent and a non-zero amount), each with its refund if recorded.
 */
export function foldCancelledCompetition(events: readonly RecordedEvent[]): CancelledCompetition {
  let title: string | undefined
  const paid = new Map<string, PaidEntry>()
  for (const event of events) {
    switch (event.type) {
      case 'CompetitionCreated':
      case 'CompetitionRevised': {
        const parsed = competitionEvents[event.type].safeParse(event.data)
        if (parsed.success) title = parsed.data.details.title
        break
      }
      case 'TicketsAllocated': {
        const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
        if (!parsed.success) break
        const { entryId, userId, entryReference, amountPence, paymentIntentId } = parsed.data
        if (paymentIntentId === null || amountPence === 0 || paid.has(entryId)) break
        paid.set(entryId, {
          entryId,
          userId,
          entryReference,
          amountPence,
          paymentIntentId,
          refund: undefined,
        })
        break
      }
      case 'EntryRefunded': {
        const parsed = entryEvents.EntryRefunded.safeParse(event.data)
        const entry = parsed.success ? paid.get(parsed.data.entryId) : undefined
        if (!parsed.success || !entry || entry.refund) break
        paid.set(entry.entryId, {
          ...entry,
          refund: { amountPence: parsed.data.amountPence, reason: parsed.data.reason },
        })
        break
      }
      default:
        break
    }
  }
  return { title, paid: [...paid.values()] }
}
