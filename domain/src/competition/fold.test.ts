import { describe, expect, it } from 'vitest'
import { competitionId, created, entryId, published } from '../entry/test-fixtures'
import type { CompetitionEvent } from './events'
import { type CompetitionState, evolve, initialState } from './state'

/** A sold competition's stream: every entry reserved, then allocated in sequence. */
function soldStream(entries: number): CompetitionEvent[] {
  const events: CompetitionEvent[] = [created({ totalTickets: entries * 3 }), published]
  let next = 1
  for (let n = 1; n <= entries; n += 1) {
    const quantity = 1 + (n % 3)
    const data = { competitionId, entryId: entryId(n), userId: `u-${n % 997}`, amountPence: quantity * 250 }
    events.push({
      type: 'TicketsReserved',
      data: {
        ...data,
        quantity,
        paymentIntentId: `pi_${n}`,
        answer: '4',
        expiresAt: '2030-01-10T12:10:00.000Z',
      },
    })
    events.push({
      type: 'TicketsAllocated',
      data: {
        ...data,
        ticketNumbers: Array.from({ length: quantity }, (_, i) => next + i),
        entryReference: `PRZ-2030-${String(n).padStart(6, '0')}`,
        answer: '4',
        answerCorrect: true,
        paymentIntentId: `pi_${n}`,
      },
    })
    next += quantity
  }
  return events
}

function fold(events: readonly CompetitionEvent[]): CompetitionState {
  let state = initialState
  for (const event of events) state = evolve(state, event)
  return state
}

/**
 * How fast a fold is, and that it grows linearly, is measured by `npm run bench` (the volume
 * case folds a 100,000-entry stream); a timed assertion here would fail on a busy machine.
 */
describe('folding a competition stream', () => {
  it('folds 100,000 entries into their tickets and holds', () => {
    const folded = fold(soldStream(100_000))

    expect(folded.exists && folded.entries.size).toBe(100_000)
    // Quantities cycle 2, 3, 1: 33,334 × 2 + 33,333 × 3 + 33,333 × 1.
    expect(folded.exists && folded.tickets).toEqual({ allocated: 200_000, reserved: 0, nextNumber: 200_001 })
    expect(folded.exists && folded.holds.size).toBe(0)
  }, 60_000)
})
