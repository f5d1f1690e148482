import { randomUUID } from 'node:crypto'
import { userEntryOf } from '@prizes/command-service'
import type { UserEntry } from '@prizes/contracts'
import { type CompetitionEvent, type CompetitionState, evolve, initialState } from '@prizes/domain'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionDetails,
  entryFold,
  recorded,
} from '@prizes/projections/testing'
import { toUserEntry, type UserEntryRow } from '@prizes/query-service'
import { describe, expect, it } from 'vitest'

/**
 * One entry, described both ways: as the command side answers it (confirm-payment, from the
 * competition stream's state) and as `GET /api/entries` answers it (the entries projection's row,
 * joined with its competition's, mapped by the query service). They must be equal.
 */

const competitionId = 'c1'
const mine = randomUUID()
const other = randomUUID()
const ids = (entryId: string) => ({ competitionId, entryId, paymentIntentId: `pi_${entryId}` })

const created: CompetitionStreamEvent = {
  type: 'CompetitionCreated',
  data: { competitionId, details: competitionDetails({ title: 'Win the car' }), featured: false },
}
const published: CompetitionStreamEvent = { type: 'CompetitionPublished', data: { competitionId } }
const purchase = (
  entryId: string,
  ticketNumbers: number[],
  answerCorrect = true,
): CompetitionStreamEvent[] => [
  {
    type: 'TicketsReserved',
    data: {
      ...ids(entryId),
      userId: 'u1',
      quantity: ticketNumbers.length,
      amountPence: 299 * ticketNumbers.length,
      answer: 'Paris',
      expiresAt: '2030-01-01T10:00:00.000Z',
    },
  },
  {
    type: 'TicketsAllocated',
    data: {
      ...ids(entryId),
      userId: 'u1',
      ticketNumbers,
      entryReference: `PRZ-2030-${String(ticketNumbers[0]).padStart(6, '0')}`,
      answer: 'Paris',
      answerCorrect,
      amountPence: 299 * ticketNumbers.length,
    },
  },
]
const money = (entryId: string) => ({ ...ids(entryId), amountPence: 598 })
const refunded: CompetitionStreamEvent = {
  type: 'EntryRefunded',
  data: { ...money(mine), refundId: 're_1', reason: 'requested' },
}
const refundRequested: CompetitionStreamEvent = {
  type: 'EntryRefundRequested',
  data: { ...money(mine), reason: 'requested' },
}
const disputed: CompetitionStreamEvent = {
  type: 'EntryDisputed',
  data: { ...money(mine), disputeId: 'dp_1', reason: 'fraudulent' },
}
function nth(events: readonly CompetitionStreamEvent[], index: number): CompetitionStreamEvent {
  const event = events[index]
  if (!event) throw new Error(`no event ${index}`)
  return event
}
const closed = nth(closedAndDrawn(competitionId, { entryId: mine, userId: 'u1', ticket: 1 }), 0)
const drawStarted = nth(closedAndDrawn(competitionId, { entryId: mine, userId: 'u1', ticket: 1 }), 1)
const drawnFor = (entryId: string) => closedAndDrawn(competitionId, { entryId, userId: 'u1', ticket: 3 })
const cancelled: CompetitionStreamEvent = {
  type: 'CompetitionCancelled',
  data: { competitionId, reason: 'Prize gone' },
}

const sold = [created, published, ...purchase(mine, [1, 2]), ...purchase(other, [3])]

/** The command's answer: the stream folded by the domain, the entry as confirm-payment gives it. */
function commandSide(events: CompetitionStreamEvent[], entryDate: string): UserEntry {
  const state = events.reduce<CompetitionState>((s, e) => evolve(s, e as CompetitionEvent), initialState)
  const entry = state.exists ? state.entries.get(mine) : undefined
  if (!state.exists || !entry) throw new Error('the entry is not on the stream')
  return userEntryOf(state, entry, entryDate)
}

/** The query's answer: the entries projection's row, joined with the competition's, mapped. */
function querySide(events: CompetitionStreamEvent[]): UserEntry {
  let row: Record<string, unknown> | undefined
  for (const event of recorded(events)) {
    const step = entryFold.step(event)
    if (step?.key === mine) row = step.apply(row) ?? row
  }
  const state = events.reduce<CompetitionState>((s, e) => evolve(s, e as CompetitionEvent), initialState)
  if (!row || !state.exists || state.status === 'deleted') throw new Error('no row for the entry')
  const joined = {
    ...row,
    competition_title: state.details.title,
    competition_end_date: new Date(state.details.endDate),
    competition_status: state.status,
  } as unknown as UserEntryRow
  return toUserEntry(joined)
}

describe('an entry described by the command side and by the read side', () => {
  it.each([
    ['paid, on sale', sold],
    ['refunded', [...sold, refunded]],
    ['with a refund on its way', [...sold, refundRequested]],
    ['disputed after the close', [...sold, closed, disputed]],
    ['in the draw, closed', [...sold, closed]],
    ['in the draw, drawing', [...sold, closed, drawStarted]],
    ['drawn and won', [...sold, ...drawnFor(mine)]],
    ['drawn, another won', [...sold, ...drawnFor(other)]],
    ['in a cancelled competition', [...sold, cancelled]],
    ['with a wrong answer, closed', [created, published, ...purchase(mine, [1, 2], false), closed]],
  ] as const)('%s: the same', (_, events) => {
    const query = querySide([...events])
    expect(commandSide([...events], query.entryDate)).toEqual(query)
  })
})
