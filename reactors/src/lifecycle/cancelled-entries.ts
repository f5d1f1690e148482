import { competitionEvents, entryEvents } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'

/** A refund recorded for an entry. */
export interface RecordedRefund {
  readonly amountPence: number
  readonly reason: string
}

/** A paid, allocated entry of a competition, and its refund once recorded. */
export interface PaidEntry {
  readonly entryId: string
  readonly userId: string
  readonly entryReference: string
  readonly amountPence: number
  readonly paymentIntentId: string
  readonly refund: RecordedRefund | undefined
}

/**
 * What a first pass over a cancelled competition's stream learns: its title and the refunds
 * already recorded (usually few: those made before the cancellation, and those of an earlier
 * attempt at it). The entries themselves are met again page by page (`paidEntryOf`), so the
 * whole stream is never held at once.
 */
export interface CancelledCompetition {
  title: string | undefined
  readonly refunds: Map<string, RecordedRefund>
}

export const cancelledCompetition = (): CancelledCompetition => ({ title: undefined, refunds: new Map() })

/** Adds one event of the competition's stream to what is known of it. */
export function learn(competition: CancelledCompetition, event: RecordedEvent): void {
  if (event.type === 'CompetitionCreated' || event.type === 'CompetitionRevised') {
    const parsed = competitionEvents[event.type].safeParse(event.data)
    if (parsed.success) competition.title = parsed.data.details.title
  } else if (event.type === 'EntryRefunded') {
    const parsed = entryEvents.EntryRefunded.safeParse(event.data)
    if (parsed.success && !competition.refunds.has(parsed.data.entryId)) {
      const { entryId, amountPence, reason } = parsed.data
      competition.refunds.set(entryId, { amountPence, reason })
    }
  }
}

/**
 * The paid entry an event allocates (allocated, with an intent and a non-zero amount), with its
 * refund if one is recorded; undefined for any other event.
 */
export function paidEntryOf(competition: CancelledCompetition, event: RecordedEvent): PaidEntry | undefined {
  if (event.type !== 'TicketsAllocated') return undefined
  const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
  if (!parsed.success) return undefined
  const { entryId, userId, entryReference, amountPence, paymentIntentId } = parsed.data
  if (paymentIntentId === null || amountPence === 0) return undefined
  return {
    entryId,
    userId,
    entryReference,
    amountPence,
    paymentIntentId,
    refund: competition.refunds.get(entryId),
  }
}
