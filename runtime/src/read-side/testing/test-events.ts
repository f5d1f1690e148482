import type { EntryEvent } from '@prizes/contracts'
import { type CompetitionStreamEvent, competitionDetails } from '@prizes/projections/testing'

/** Events of the competition stream for the entries tests: every price is 299 pence a ticket. */

export function created(id: string, endDate: string): CompetitionStreamEvent {
  const details = competitionDetails({ title: `Win the ${id}`, endDate })
  return { type: 'CompetitionCreated', data: { competitionId: id, details, featured: false } }
}
export function reserve(
  competitionId: string,
  entryId: string,
  userId: string,
  quantity: number,
): EntryEvent {
  const intent = { amountPence: 299 * quantity, paymentIntentId: `pi_${entryId}` }
  const expiresAt = '2030-01-01T10:00:00.000Z'
  return {
    type: 'TicketsReserved',
    data: { competitionId, entryId, userId, quantity, ...intent, answer: 'Paris', expiresAt },
  }
}
export function purchase(
  competitionId: string,
  entryId: string,
  userId: string,
  quantity: number,
  ticketNumbers: number[],
): EntryEvent[] {
  const intent = { amountPence: 299 * quantity, paymentIntentId: `pi_${entryId}` }
  const entryReference = `PRZ-2030-${String(ticketNumbers[0]).padStart(6, '0')}${competitionId}`
  return [
    reserve(competitionId, entryId, userId, quantity),
    {
      type: 'TicketsAllocated',
      data: {
        competitionId,
        entryId,
        userId,
        ticketNumbers,
        entryReference,
        answer: 'Paris',
        answerCorrect: true,
        ...intent,
      },
    },
  ]
}

export function refund(competitionId: string, entryId: string, amountPence: number): EntryEvent {
  const paymentIntentId = `pi_${entryId}`
  return {
    type: 'EntryRefunded',
    data: {
      competitionId,
      entryId,
      amountPence,
      paymentIntentId,
      refundId: `re_${entryId}`,
      reason: 'requested',
    },
  }
}
