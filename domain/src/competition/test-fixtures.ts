import { competitionId, created, fold } from '../entry/test-fixtures'
import type { CompetitionLifecycleEventType, CompetitionLifecycleStatus } from './competition.machine'
import type { CompetitionEvent } from './events'
import type { Competition } from './state'

/** A competition as folded from its creation, moved straight to `status`. */
export function competitionAt(status: CompetitionLifecycleStatus): Competition {
  const state = fold([created()])
  if (!state.exists) throw new Error('the creation did not create')
  return { ...state, status }
}

const seal = { eligibleTickets: 3, listHash: 'a'.repeat(64) }
const randomness = { source: 'drand', round: 1000 } as const

/**
 * Every recorded event that is the outcome of a lifecycle move, with that move written out by
 * hand (SPEC section 4), so a test can ask the machine where the move leads from each status.
 */
export const recordedMoves: ReadonlyArray<{
  readonly event: CompetitionEvent
  readonly move: CompetitionLifecycleEventType
}> = [
  { event: { type: 'CompetitionPublished', data: { competitionId } }, move: 'competition.publish' },
  {
    event: { type: 'CompetitionClosed', data: { competitionId, reason: 'admin', seal, randomness } },
    move: 'competition.close',
  },
  {
    event: { type: 'CompetitionClosed', data: { competitionId, reason: 'end_date', seal, randomness } },
    move: 'competition.close',
  },
  {
    event: { type: 'CompetitionClosed', data: { competitionId, reason: 'postal_entry', seal, randomness } },
    move: 'competition.enterByPost',
  },
  {
    event: { type: 'CompetitionUndersold', data: { competitionId, soldTickets: 2, minimumTickets: 10 } },
    move: 'competition.markUndersold',
  },
  {
    event: {
      type: 'CompetitionEndDateExtended',
      data: {
        competitionId,
        previousEndDate: '2030-02-01T00:00:00.000Z',
        endDate: '2030-03-01T00:00:00.000Z',
      },
    },
    move: 'competition.extend',
  },
  { event: { type: 'DrawStarted', data: { competitionId } }, move: 'competition.startDraw' },
  {
    event: {
      type: 'DrawCompleted',
      data: {
        competitionId,
        seed: 'b'.repeat(64),
        publicRandomness: { source: 'drand', round: 1000, value: 'cd'.repeat(32) },
        winningTicket: 2,
        winningEntryId: '00000000-0000-4000-8000-000000000002',
        winnerUserId: 'u-2',
        attempts: 1,
      },
    },
    move: 'competition.completeDraw',
  },
  {
    event: { type: 'CompetitionCancelled', data: { competitionId, reason: 'Prize gone' } },
    move: 'competition.cancel',
  },
  { event: { type: 'CompetitionDeleted', data: { competitionId } }, move: 'competition.delete' },
]
