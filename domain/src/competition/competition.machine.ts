import { competitionStatuses } from '@prizes/contracts'
import { initialTransition, setup, transition } from 'xstate'

/**
 * The competition lifecycle (SPEC section 4). The server runs it only through the pure
 * `canTransition` / `nextStatus` below (inside the decider); the web runs the same definition
 * as an actor to know which admin actions to offer.
 *
 * Decisions beyond the spec's table:
 * - `deleted` is a seventh, final state, reachable only from draft and cancelled. A deleted
 *   competition's stream stays (auditors replay it); every later command treats it as not found.
 *   It is not one of the contract's statuses because nothing ever shows a deleted competition.
 * - `completed` is an xstate final state. `cancelled` is final in business terms but cannot be
 *   one for xstate, because a final state has no transitions and cancelled may still be deleted.
 * - `competition.revise` is a self-transition of draft and active: the machine, not a separate
 *   list, says when details may change (not after close). `competition.enter` is likewise a
 *   self-transition of active alone: the machine says when tickets may be reserved and
 *   allocated (the entry decider adds the start and end dates). Featured is not a lifecycle concern
 *   (it may be toggled at every status) and so is not modelled here.
 * - `competition.enterByPost` (issue 24): an envelope that arrived before the close is recorded
 *   until the draw starts, so it is a self-transition of active, undersold and closed (where
 *   the decider seals the list again).
 * - `undersold` (issue 14): the end date came below the competition's minimum of tickets sold.
 *   Entries stop and nothing is sealed; an admin draws anyway (close, which seals), extends the
 *   end date (back to active; the decider allows that once) or cancels with refunds.
 */
export const competitionLifecycleEventTypes = [
  'competition.revise',
  'competition.enter',
  'competition.publish',
  'competition.close',
  'competition.cancel',
  'competition.startDraw',
  'competition.completeDraw',
  'competition.delete',
  'competition.markUndersold',
  'competition.extend',
  'competition.enterByPost',
] as const
export type CompetitionLifecycleEventType = (typeof competitionLifecycleEventTypes)[number]
export type CompetitionLifecycleEvent = { type: CompetitionLifecycleEventType }

/** The contract's statuses plus `deleted`, which only the command side ever sees. */
export const competitionLifecycleStatuses = [...competitionStatuses, 'deleted'] as const
export type CompetitionLifecycleStatus = (typeof competitionLifecycleStatuses)[number]

export const competitionMachine = setup({
  types: { events: {} as CompetitionLifecycleEvent },
}).createMachine({
  id: 'competition',
  initial: 'draft',
  states: {
    draft: {
      on: {
        // A target on a self-transition makes `snapshot.can` report it as allowed.
        'competition.revise': { target: 'draft' },
        'competition.publish': { target: 'active' },
        'competition.cancel': { target: 'cancelled' },
        'competition.delete': { target: 'deleted' },
      },
    },
    active: {
      on: {
        'competition.revise': { target: 'active' },
        'competition.enter': { target: 'active' },
        'competition.enterByPost': { target: 'active' },
        'competition.close': { target: 'closed' },
        'competition.cancel': { target: 'cancelled' },
        'competition.markUndersold': { target: 'undersold' },
      },
    },
    undersold: {
      on: {
        'competition.close': { target: 'closed' },
        'competition.extend': { target: 'active' },
        'competition.cancel': { target: 'cancelled' },
        'competition.enterByPost': { target: 'undersold' },
      },
    },
    closed: {
      on: {
        'competition.startDraw': { target: 'drawing' },
        'competition.enterByPost': { target: 'closed' },
      },
    },
    drawing: { on: { 'competition.completeDraw': { target: 'completed' } } },
    completed: { type: 'final' },
    cancelled: { on: { 'competition.delete': { target: 'deleted' } } },
    deleted: { type: 'final' },
  },
})

/** The lifecycle machine as the pure helpers below read it (tests may hand them another). */
export type CompetitionLifecycleMachine = typeof competitionMachine

function snapshotAt(status: CompetitionLifecycleStatus, machine: CompetitionLifecycleMachine) {
  return machine.resolveState({ value: status, context: {} })
}

/** Whether `eventType` is allowed from `status`, answered by the machine itself. */
export function canTransition(
  status: CompetitionLifecycleStatus,
  eventType: CompetitionLifecycleEventType,
): boolean {
  return snapshotAt(status, competitionMachine).can({ type: eventType })
}

/** The status after `eventType` from `status`, or undefined when the machine refuses it. */
export function nextStatus(
  status: CompetitionLifecycleStatus,
  eventType: CompetitionLifecycleEventType,
  machine: CompetitionLifecycleMachine = competitionMachine,
): CompetitionLifecycleStatus | undefined {
  const snapshot = snapshotAt(status, machine)
  if (!snapshot.can({ type: eventType })) return undefined
  const [next] = transition(machine, snapshot, { type: eventType })
  return next.value
}

/**
 * The status an event leads to wherever it is allowed (undefined for revise, which never
 * changes status). Derived from the machine so error messages cannot drift from it.
 */
export function targetStatus(
  eventType: CompetitionLifecycleEventType,
  machine: CompetitionLifecycleMachine = competitionMachine,
): CompetitionLifecycleStatus | undefined {
  for (const from of competitionLifecycleStatuses) {
    const to = nextStatus(from, eventType, machine)
    if (to !== undefined && to !== from) return to
  }
  return undefined
}

/** The status a competition starts in: the machine's initial state. */
export function initialStatus(
  machine: CompetitionLifecycleMachine = competitionMachine,
): CompetitionLifecycleStatus {
  const [snapshot] = initialTransition(machine)
  return snapshot.value
}
