import type { CompetitionStatus } from '@prizes/contracts'
import { type CompetitionLifecycleEventType, nextStatus, targetStatus } from '@prizes/domain'
import { describe, expect, it } from 'vitest'
import type { StoredRow } from '../fold'
import { type CompetitionStreamEvent, closedAndDrawn, recorded } from '../testing/fixtures'
import { competitionFold } from './projection'

const competitionId = 'c1'
const [closed, drawStarted, drawCompleted] = closedAndDrawn(competitionId, {
  entryId: 'e1',
  userId: 'u1',
  ticket: 1,
})

/** Each event that moves a competition's status, and the lifecycle move it records. */
const moves: Array<[CompetitionStreamEvent | undefined, CompetitionLifecycleEventType]> = [
  [{ type: 'CompetitionPublished', data: { competitionId } }, 'competition.publish'],
  [closed, 'competition.close'],
  [
    { type: 'CompetitionUndersold', data: { competitionId, soldTickets: 1, minimumTickets: 5 } },
    'competition.markUndersold',
  ],
  [
    {
      type: 'CompetitionEndDateExtended',
      data: {
        competitionId,
        previousEndDate: '2030-02-01T00:00:00.000Z',
        endDate: '2030-03-01T00:00:00.000Z',
      },
    },
    'competition.extend',
  ],
  [drawStarted, 'competition.startDraw'],
  [drawCompleted, 'competition.completeDraw'],
  [{ type: 'CompetitionCancelled', data: { competitionId, reason: 'Prize gone' } }, 'competition.cancel'],
]

const statuses: CompetitionStatus[] = [
  'draft',
  'active',
  'undersold',
  'closed',
  'drawing',
  'completed',
  'cancelled',
]

/** The row the competitions projection leaves after `event`, from a row at `status`. */
function statusAfter(status: CompetitionStatus, event: CompetitionStreamEvent): unknown {
  const [stored] = recorded([event])
  if (!stored) throw new Error('nothing recorded')
  const step = competitionFold.step(stored)
  const row: StoredRow = { id: competitionId, status, sold_tickets: 0, free_tickets: 0, last_revision: -1 }
  return step?.apply(row)?.status
}

describe("the competitions projection's status is the lifecycle machine's", () => {
  it.each(moves.flatMap(([event, move]) => statuses.map((from) => ({ event, move, from }))))(
    '$event.type from $from',
    ({ event, move, from }) => {
      if (!event) throw new Error('fixture missing')
      expect(statusAfter(from, event)).toBe(nextStatus(from, move) ?? targetStatus(move))
    },
  )
})
