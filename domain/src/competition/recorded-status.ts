import {
  type CompetitionLifecycleEventType,
  type CompetitionLifecycleStatus,
  competitionMachine,
  initialStatus,
  nextStatus,
  targetStatus,
} from './competition.machine'
import type { CompetitionEvent } from './events'

/**
 * The lifecycle move a recorded event is the outcome of, for the events that move the status
 * (a reseal after a postal entry is that entry's move, not a close); undefined for the rest.
 */
export function lifecycleMoveOf(event: CompetitionEvent): CompetitionLifecycleEventType | undefined {
  switch (event.type) {
    case 'CompetitionPublished':
      return 'competition.publish'
    case 'CompetitionClosed':
      return event.data.reason === 'postal_entry' ? 'competition.enterByPost' : 'competition.close'
    case 'CompetitionUndersold':
      return 'competition.markUndersold'
    case 'CompetitionEndDateExtended':
      return 'competition.extend'
    case 'DrawStarted':
      return 'competition.startDraw'
    case 'DrawCompleted':
      return 'competition.completeDraw'
    case 'CompetitionCancelled':
      return 'competition.cancel'
    case 'CompetitionDeleted':
      return 'competition.delete'
    default:
      return undefined
  }
}

/**
 * The status a competition has after a recorded event, asked of the lifecycle machine, which is
 * the one place a transition's target is written: `evolve` and the competitions projection both
 * take it from here. Facts are not re-validated: a move the machine refuses from `status` (only
 * a stream written under older rules, or a corrupt one, holds such) still leads where the
 * machine's move leads from anywhere else. The machine is named explicitly so that a test can
 * hand this module another one and see `evolve` follow it.
 */
export function statusAfter(
  status: CompetitionLifecycleStatus,
  event: CompetitionEvent,
): CompetitionLifecycleStatus {
  const move = lifecycleMoveOf(event)
  if (move === undefined) return status
  return nextStatus(status, move, competitionMachine) ?? targetStatus(move, competitionMachine) ?? status
}

/** The status of a competition just created: the machine's initial state. */
export const createdStatus = (): CompetitionLifecycleStatus => initialStatus(competitionMachine)
