import { describe, expect, it } from 'vitest'
import { competitionId, created, entryId, fold, reserved } from '../entry/test-fixtures'
import {
  competitionLifecycleEventTypes,
  competitionLifecycleStatuses,
  initialStatus,
  nextStatus,
  targetStatus,
} from './competition.machine'
import type { CompetitionEvent } from './events'
import { lifecycleMoveOf } from './recorded-status'
import { evolve } from './state'
import { competitionAt, recordedMoves } from './test-fixtures'

const everyPair = recordedMoves.flatMap(({ event, move }) =>
  competitionLifecycleStatuses.map((from) => ({ event, move, from, to: nextStatus(from, move) })),
)

describe("evolve's status is the lifecycle machine's", () => {
  it('a created competition is in the initial state of the machine', () => {
    const state = fold([created()])
    expect(state.exists && state.status).toBe(initialStatus())
    expect(initialStatus()).toBe('draft')
  })

  describe.each(everyPair.filter((pair) => pair.to !== undefined))(
    '$event.type from $from',
    ({ event, from, to }) => {
      it(`leads where the machine's move leads (${to})`, () => {
        expect(evolve(competitionAt(from), event)).toMatchObject({ status: to })
      })
    },
  )

  it('names the move of every recorded lifecycle event as the test table does', () => {
    for (const { event, move } of recordedMoves) expect(lifecycleMoveOf(event)).toBe(move)
  })

  it('records every move that changes the status with some event', () => {
    const moving = competitionLifecycleEventTypes.filter((move) => targetStatus(move) !== undefined)
    expect(new Set(recordedMoves.map(({ move }) => move))).toEqual(
      new Set([...moving, 'competition.enterByPost']),
    )
  })

  /** A move the machine refuses is a fact recorded under older rules: it still leads where it leads. */
  it.each(everyPair.filter((pair) => pair.to === undefined && targetStatus(pair.move) !== undefined))(
    '$event.type from $from, which the machine refuses, still leads to its target',
    ({ event, move, from }) => {
      expect(evolve(competitionAt(from), event)).toMatchObject({ status: targetStatus(move) })
    },
  )

  const unmoving: CompetitionEvent[] = [
    { type: 'CompetitionFeaturedSet', data: { competitionId, featured: true } },
    { type: 'CompetitionRevised', data: { competitionId, details: competitionAt('draft').details } },
    reserved(1),
    {
      type: 'PostalEntryRecorded',
      data: {
        competitionId,
        entryId: entryId(2),
        userId: 'u-2',
        ticketNumbers: [1],
        entryReference: 'PRZ-2030-000001',
        answer: '4',
        answerCorrect: true,
        amountPence: 0,
        paymentIntentId: null,
        receivedAt: '2030-01-10T00:00:00.000Z',
        allocatedAt: '2030-01-10T12:00:00.000Z',
      },
    },
  ]
  it.each(unmoving.flatMap((event) => competitionLifecycleStatuses.map((from) => ({ event, from }))))(
    '$event.type from $from keeps the status',
    ({ event, from }) => {
      expect(lifecycleMoveOf(event)).toBeUndefined()
      expect(evolve(competitionAt(from), event)).toMatchObject({ status: from })
    },
  )
})
