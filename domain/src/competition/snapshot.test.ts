import { describe, expect, it } from 'vitest'
import {
  allocate,
  competitionId,
  created,
  entryId,
  fold,
  intentId,
  minutes,
  now,
  published,
  reserve,
  reserved,
} from '../entry/test-fixtures'
import { decide } from './decide'
import type { CompetitionEvent } from './events'
import { decodeCompetition, encodeCompetition } from './snapshot'
import type { CompetitionState } from './state'

const allocated = (n: number, ticketNumbers: number[], answer = '4'): CompetitionEvent => ({
  type: 'TicketsAllocated',
  data: {
    competitionId,
    entryId: entryId(n),
    userId: `u-${n}`,
    ticketNumbers,
    entryReference: `PRZ-2030-${String(n).padStart(6, '0')}`,
    answer,
    answerCorrect: answer === '4',
    amountPence: ticketNumbers.length * 250,
    paymentIntentId: intentId(n),
    ...(n % 2 === 0 ? { allocatedAt: now.toISOString() } : {}),
  },
})

/** Every status an entry can be in, and tickets numbered out of the usual run. */
const history: CompetitionEvent[] = [
  created(),
  published,
  reserved(1, 2),
  allocated(1, [1, 2]),
  reserved(2, 1, minutes(10), '5'),
  allocated(2, [3], '5'),
  reserved(3, 3),
  { type: 'ReservationReleased', data: { competitionId, entryId: entryId(3), reason: 'payment_failed' } },
  reserved(4, 2),
  allocated(4, [7, 5]),
  reserved(5, 1),
  {
    type: 'EntryRefunded',
    data: {
      competitionId,
      entryId: entryId(1),
      amountPence: 500,
      paymentIntentId: intentId(1),
      refundId: 're_1',
      reason: 'asked',
    },
  },
  reserved(6, 4, minutes(-1)),
]

const plain = (state: CompetitionState) =>
  state.exists
    ? {
        ...state,
        entries: [...state.entries.entries()],
        holds: [...state.holds.entries()],
        refundedWhileSealed: [...state.refundedWhileSealed.entries()],
      }
    : state

describe('competition snapshots', () => {
  it('read back exactly the state they were taken of, and decide the same', () => {
    const state = fold(history)
    const restored = decodeCompetition(encodeCompetition(state))
    expect(plain(restored)).toEqual(plain(state))
    for (const command of [reserve(7, 5), reserve(8, 9), allocate(5), allocate(6)]) {
      const outcome = (s: CompetitionState) => {
        try {
          return decide(command, s)
        } catch (error) {
          return error
        }
      }
      expect(outcome(restored)).toEqual(outcome(state))
    }
  })

  it('keep a closed competition’s seal and the entries refunded while it was sealed', () => {
    const closed: CompetitionEvent = {
      type: 'CompetitionClosed',
      data: {
        competitionId,
        reason: 'admin',
        seal: { eligibleTickets: 4, listHash: 'a'.repeat(64) },
        randomness: { source: 'drand', chainHash: 'b'.repeat(64), round: 12 },
      },
    }
    const refundedSealed: CompetitionEvent = {
      type: 'EntryRefunded',
      data: {
        competitionId,
        entryId: entryId(4),
        amountPence: 500,
        paymentIntentId: intentId(4),
        refundId: 're_4',
        reason: 'old stream',
      },
    }
    const state = fold([...history, closed, refundedSealed])
    const restored = decodeCompetition(encodeCompetition(state))
    expect(plain(restored)).toEqual(plain(state))
    expect(restored.exists && restored.refundedWhileSealed.has(entryId(4))).toBe(true)
  })

  it('say so of a stream with no competition', () => {
    expect(decodeCompetition(encodeCompetition({ exists: false }))).toEqual({ exists: false })
  })
})
