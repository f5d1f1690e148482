import { userEntry } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import {
  type CompetitionLifecycleStatus,
  competitionLifecycleStatuses,
} from '../competition/competition.machine'
import type { CompetitionEvent } from '../competition/events'
import { evolve } from '../competition/state'
import { type OwnedEntry, ownedEntryOf, paymentOf, toUserEntry } from './owner-view'
import { entryPaymentStatuses } from './payment.machine'
import { competitionId, created, entryId, fold, intentId, published, reserved } from './test-fixtures'

const allocated: CompetitionEvent = {
  type: 'TicketsAllocated',
  data: {
    competitionId,
    entryId: entryId(1),
    userId: 'u-1',
    ticketNumbers: [1, 2],
    entryReference: 'PRZ-2030-000001',
    answer: '4',
    answerCorrect: true,
    amountPence: 500,
    paymentIntentId: intentId(1),
  },
}
const refunded: CompetitionEvent = {
  type: 'EntryRefunded',
  data: {
    competitionId,
    entryId: entryId(1),
    amountPence: 500,
    paymentIntentId: intentId(1),
    refundId: 're_1',
    reason: 'requested',
  },
}

/** Entry 1 of a published competition after `events`, with the competition moved to `status`. */
function described(events: CompetitionEvent[], status: CompetitionLifecycleStatus = 'active') {
  const state = fold([created(), published, reserved(1, 2), ...events])
  const entry = state.exists ? state.entries.get(entryId(1)) : undefined
  if (!state.exists || !entry) throw new Error('no entry 1')
  return { competition: { ...state, status }, entry }
}

const paidEntry: OwnedEntry = {
  entryId: 'e1',
  competitionId: 'c1',
  competition: { title: 'Win a campervan', endDate: '2030-02-01T00:00:00.000Z', status: 'active' },
  quantity: 2,
  amountPence: 500,
  payment: 'paid',
  disputed: false,
  won: false,
  answerCorrect: true,
  entryReference: 'PRZ-2030-000001',
  ticketNumbers: [1, 2],
  entryDate: '2030-01-10T12:00:00.000Z',
  postal: false,
}

describe('an entry as its owner sees it', () => {
  it('a paid entry: pounds, the draw on the end date, in the contract shape', () => {
    const entry = toUserEntry(paidEntry)
    expect(entry).toEqual({
      id: 'e1',
      competitionId: 'c1',
      competitionTitle: 'Win a campervan',
      numberOfEntries: 2,
      totalCost: 5,
      entryDate: '2030-01-10T12:00:00.000Z',
      status: 'active',
      entryStatus: 'active',
      paymentStatus: 'paid',
      entryReference: 'PRZ-2030-000001',
      drawDate: '2030-02-01T00:00:00.000Z',
      ticketNumbers: [1, 2],
      entryMethod: 'online',
      drawStatus: null,
    })
    expect(userEntry.parse(entry)).toEqual(entry)
  })

  it.each([
    ['paid', 'active', false, 'active'],
    ['paid', 'closed', false, 'active'],
    ['paid', 'drawing', false, 'active'],
    ['paid', 'completed', false, 'drawn'],
    ['paid', 'completed', true, 'won'],
    ['paid', 'cancelled', false, 'cancelled'],
    ['paid', 'deleted', false, 'cancelled'],
    ['refunded', 'active', false, 'cancelled'],
    ['refunded', 'completed', false, 'cancelled'],
  ] as const)('%s, in a competition %s, won %s: %s', (payment, status, won, expected) => {
    const competition = { title: 'T', endDate: '2030-02-01T00:00:00.000Z', status }
    expect(toUserEntry({ ...paidEntry, payment, won, competition }).status).toBe(expected)
  })

  it.each(competitionLifecycleStatuses)('says whether it is in the draw only once %s is closed', (status) => {
    const competition = { title: 'T', endDate: '2030-02-01T00:00:00.000Z', status }
    const closed = ['closed', 'drawing', 'completed'].includes(status)
    expect(toUserEntry({ ...paidEntry, competition }).drawStatus).toBe(closed ? 'in_draw' : null)
    expect(toUserEntry({ ...paidEntry, competition, answerCorrect: false }).drawStatus).toBe(
      closed ? 'not_in_draw' : null,
    )
    expect(toUserEntry({ ...paidEntry, competition, disputed: true })).toMatchObject({
      drawStatus: null,
      paymentStatus: 'disputed',
    })
    expect(toUserEntry({ ...paidEntry, competition, payment: 'refunded' }).drawStatus).toBeNull()
  })

  it('an entry whose competition is not known yet still fits the contract', () => {
    const entry = toUserEntry({ ...paidEntry, competition: null })
    expect(entry).toMatchObject({ competitionTitle: '', drawDate: null, status: 'active', drawStatus: null })
    expect(userEntry.parse(entry)).toEqual(entry)
  })

  it('names a payment for every status of the payment machine', () => {
    expect(entryPaymentStatuses.map((status) => [status, paymentOf(status)])).toEqual([
      ['reserved', { payment: 'pending', disputed: false }],
      ['paid', { payment: 'paid', disputed: false }],
      ['released', { payment: 'failed', disputed: false }],
      ['failed', { payment: 'failed', disputed: false }],
      ['refundDue', { payment: 'refunded', disputed: false }],
      ['refundPending', { payment: 'refunded', disputed: false }],
      ['refunded', { payment: 'refunded', disputed: false }],
      ['disputed', { payment: 'paid', disputed: true }],
      ['voided', { payment: 'failed', disputed: false }],
    ])
  })

  describe('from the competition stream', () => {
    it('a paid entry of an open competition', () => {
      const { competition, entry } = described([allocated])
      expect(toUserEntry(ownedEntryOf(competition, entry, '2030-01-10T12:01:00.000Z'))).toMatchObject({
        id: entryId(1),
        competitionId,
        competitionTitle: 'Win a campervan',
        numberOfEntries: 2,
        totalCost: 5,
        entryDate: '2030-01-10T12:01:00.000Z',
        status: 'active',
        paymentStatus: 'paid',
        ticketNumbers: [1, 2],
        drawStatus: null,
      })
    })

    it('a refunded entry is cancelled, not active', () => {
      const { competition, entry } = described([allocated, refunded])
      expect(toUserEntry(ownedEntryOf(competition, entry, 'at'))).toMatchObject({
        status: 'cancelled',
        paymentStatus: 'refunded',
      })
    })

    it('the drawn entry has won; the others were drawn', () => {
      const { competition, entry } = described([allocated], 'completed')
      const winner = { ...competition, winningEntryId: entryId(1) }
      expect(toUserEntry(ownedEntryOf(winner, entry, 'at'))).toMatchObject({
        status: 'won',
        drawStatus: 'in_draw',
      })
      const other = { ...competition, winningEntryId: entryId(2) }
      expect(toUserEntry(ownedEntryOf(other, entry, 'at')).status).toBe('drawn')
    })

    it('evolve keeps the winner the draw recorded', () => {
      const { competition, entry } = described([allocated], 'drawing')
      const drawn = evolve(competition, {
        type: 'DrawCompleted',
        data: {
          competitionId,
          seed: 'b'.repeat(64),
          publicRandomness: { source: 'drand', round: 1000, value: 'cd'.repeat(32) },
          winningTicket: 2,
          winningEntryId: entryId(1),
          winnerUserId: 'u-1',
          attempts: 1,
        },
      })
      if (!drawn.exists) throw new Error('the competition is gone')
      expect(drawn.winningEntryId).toBe(entryId(1))
      expect(toUserEntry(ownedEntryOf(drawn, entry, 'at')).status).toBe('won')
    })
  })
})
