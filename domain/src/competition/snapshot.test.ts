import { describe, expect, it } from 'vitest'
import { LayeredMap } from '../collections/layered-map'
import type { PersistentMap } from '../collections/persistent-map'
import { ticketsOfUser } from '../entry/state'
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

const sorted = <V>(map: PersistentMap<V>) => map.entries().sort(([a], [b]) => a.localeCompare(b))
const plain = (state: CompetitionState) =>
  state.exists
    ? {
        ...state,
        entries: sorted(state.entries),
        holds: sorted(state.holds),
        heldBy: sorted(state.heldBy),
        refundedWhileSealed: sorted(state.refundedWhileSealed),
        ticketsBy: sorted(state.ticketsBy),
      }
    : state

/** A sold competition of `count` entries, then one more reserved (so one hold is in flight). */
function sold(count: number): CompetitionEvent[] {
  const events: CompetitionEvent[] = [created({ totalTickets: count * 2 }), published]
  for (let n = 1; n <= count; n += 1) events.push(reserved(n, 1), allocated(n, [n]))
  events.push(reserved(count + 1, 1))
  return events
}

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

  it('keep the question of the pool each entry answered (issue 24), postal ones too', () => {
    const capital = {
      question: 'Capital of Australia?',
      options: ['Sydney', 'Canberra', 'Perth', 'Hobart'],
      correct: 'Canberra',
    }
    const events: CompetitionEvent[] = [
      created({ extraSkillQuestions: [capital] }),
      published,
      {
        ...reserved(1, 1, minutes(10), 'Perth'),
        data: { ...reserved(1, 1, minutes(10), 'Perth').data, questionIndex: 1 },
      } as CompetitionEvent,
      reserved(2, 1),
      {
        type: 'PostalEntryRecorded',
        data: {
          competitionId,
          entryId: entryId(3),
          userId: 'u-3',
          ticketNumbers: [1],
          entryReference: 'PRZ-2030-000003',
          answer: 'Canberra',
          questionIndex: 1,
          answerCorrect: true,
          amountPence: 0,
          paymentIntentId: null,
          receivedAt: now.toISOString(),
          allocatedAt: now.toISOString(),
        },
      },
    ]
    const restored = decodeCompetition(encodeCompetition(fold(events)))
    if (!restored.exists) throw new Error('no competition')
    expect(restored.entries.get(entryId(1))?.questionIndex).toBe(1)
    expect(restored.entries.get(entryId(2))?.questionIndex).toBe(0)
    expect(restored.entries.get(entryId(3))).toMatchObject({ questionIndex: 1, postal: true })
    expect(decide(allocate(1), restored)).toMatchObject([
      { data: { questionIndex: 1, answerCorrect: false } },
    ])
  })

  it('keep an undersold competition’s one extension, so it cannot be extended twice', () => {
    const extended: CompetitionEvent[] = [
      created({ minimumTickets: 15 }),
      published,
      { type: 'CompetitionUndersold', data: { competitionId, soldTickets: 0, minimumTickets: 15 } },
      {
        type: 'CompetitionEndDateExtended',
        data: {
          competitionId,
          previousEndDate: '2030-02-01T00:00:00.000Z',
          endDate: '2030-03-01T00:00:00.000Z',
        },
      },
      { type: 'CompetitionUndersold', data: { competitionId, soldTickets: 0, minimumTickets: 15 } },
    ]
    const state = fold(extended)
    const restored = decodeCompetition(encodeCompetition(state))
    expect(plain(restored)).toEqual(plain(state))
    expect(restored).toMatchObject({ status: 'undersold', endDateExtended: true })
  })

  it('keep a closed competition’s seal and the entries refunded while it was sealed', () => {
    const closed: CompetitionEvent = {
      type: 'CompetitionClosed',
      data: {
        competitionId,
        reason: 'admin',
        seal: { eligibleTickets: 4, listHash: 'a'.repeat(64), listVersion: 2 },
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
    // The list version decides how completing the draw re-hashes the list.
    expect(restored.exists && restored.sealed?.seal.listVersion).toBe(2)
  })

  it('read entries lazily: a new id decodes nothing, a known id decodes its shard alone', () => {
    const state = fold(sold(3_000))
    const text = encodeCompetition(state)
    const restored = decodeCompetition(text)
    if (!restored.exists || !(restored.entries instanceof LayeredMap))
      throw new Error('a lazy snapshot expected')
    const { base } = restored.entries
    expect(base.shards.length).toBeGreaterThan(1)
    expect(restored.entries.has(entryId(9_999_999))).toBe(false)
    expect(restored.holds.has(entryId(3_001))).toBe(true)
    expect(base.decodedShards).toBe(0)
    expect(restored.entries.get(entryId(17))).toEqual(state.exists && state.entries.get(entryId(17)))
    expect(base.decodedShards).toBe(1)
    expect(plain(restored)).toEqual(plain(state))
  })

  it('read per-user counts lazily too: one shard for the entrant asked about', () => {
    const state = fold(sold(3_000))
    const restored = decodeCompetition(encodeCompetition(state))
    if (!restored.exists || !(restored.ticketsBy instanceof LayeredMap))
      throw new Error('lazy counts expected')
    expect(restored.ticketsBy.base.shards.length).toBeGreaterThan(1)
    expect(ticketsOfUser(restored, 'u-nobody')).toBe(0)
    expect(restored.ticketsBy.base.decodedShards).toBe(0)
    expect(ticketsOfUser(restored, 'u-17')).toBe(1)
    expect(restored.ticketsBy.base.decodedShards).toBe(1)
  })

  it('re-use their shards while few entries changed, and lay them out again when many did', () => {
    const history = sold(3_000)
    const first = decodeCompetition(encodeCompetition(fold(history)))
    const later = fold([allocated(3_001, [3_001])], first)
    const again = encodeCompetition(later)
    // The shards' text is carried over as it was, the entries' and the per-user counts': only
    // the overlay lines differ.
    const lines = (text: string) => text.split('\n')
    const layout = (text: string) => {
      const [head, ...rest] = lines(text)
      const { shards, ticketsBy } = JSON.parse(head ?? '{}') as {
        shards: number
        ticketsBy: { shards: number }
      }
      return {
        entries: rest.slice(0, shards),
        counts: rest.slice(shards + 1, shards + 1 + ticketsBy.shards),
      }
    }
    const before = layout(encodeCompetition(first))
    expect(before.counts.length).toBeGreaterThan(1)
    expect(layout(again)).toEqual(before)
    expect(plain(decodeCompetition(again))).toEqual(plain(later))

    const many = Array.from({ length: 2_500 }, (_, i) => reserved(10_000 + i, 1))
    const busy = fold(many, decodeCompetition(again))
    const relaid = decodeCompetition(encodeCompetition(busy))
    if (!relaid.exists || !(relaid.entries instanceof LayeredMap)) throw new Error('a lazy snapshot expected')
    expect(relaid.entries.top.size).toBe(0)
    expect(plain(relaid)).toEqual(plain(busy))
  })

  it('say so of a stream with no competition', () => {
    expect(decodeCompetition(encodeCompetition({ exists: false }))).toEqual({ exists: false })
  })
})
