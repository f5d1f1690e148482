import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  type CompetitionLifecycleEventType,
  type CompetitionLifecycleStatus,
  canTransition,
  competitionLifecycleEventTypes,
  competitionLifecycleStatuses,
  competitionMachine,
  nextStatus,
  targetStatus,
} from './competition.machine'

/** SPEC section 4, written out by hand: every allowed move; anything absent is refused. */
const allowed: Record<
  CompetitionLifecycleStatus,
  Partial<Record<CompetitionLifecycleEventType, CompetitionLifecycleStatus>>
> = {
  draft: {
    'competition.revise': 'draft',
    'competition.publish': 'active',
    'competition.cancel': 'cancelled',
    'competition.delete': 'deleted',
  },
  active: {
    'competition.revise': 'active',
    'competition.enter': 'active',
    'competition.enterByPost': 'active',
    'competition.close': 'closed',
    'competition.cancel': 'cancelled',
    'competition.markUndersold': 'undersold',
  },
  undersold: {
    'competition.close': 'closed',
    'competition.extend': 'active',
    'competition.cancel': 'cancelled',
    'competition.enterByPost': 'undersold',
  },
  closed: { 'competition.startDraw': 'drawing', 'competition.enterByPost': 'closed' },
  drawing: { 'competition.completeDraw': 'completed' },
  completed: {},
  cancelled: { 'competition.delete': 'deleted' },
  deleted: {},
}

const everyPair = competitionLifecycleStatuses.flatMap((from) =>
  competitionLifecycleEventTypes.map((event) => ({ from, event, to: allowed[from][event] })),
)

describe('competition lifecycle machine', () => {
  it('covers every status and event pair', () => {
    expect(everyPair).toHaveLength(8 * 11)
  })

  describe.each(everyPair.filter((p) => p.to !== undefined))('$from --$event-->', ({ from, event, to }) => {
    it(`is allowed and leads to ${to}`, () => {
      expect(canTransition(from, event)).toBe(true)
      expect(nextStatus(from, event)).toBe(to)
    })
  })

  describe.each(everyPair.filter((p) => p.to === undefined))('$from --$event-->', ({ from, event }) => {
    it('is refused', () => {
      expect(canTransition(from, event)).toBe(false)
      expect(nextStatus(from, event)).toBeUndefined()
    })
  })

  it('starts in draft', () => {
    expect(createActor(competitionMachine).start().getSnapshot().value).toBe('draft')
  })

  it('runs the whole happy path as a live actor and finishes at completed', () => {
    const actor = createActor(competitionMachine).start()
    for (const type of [
      'competition.revise',
      'competition.publish',
      'competition.revise',
      'competition.close',
      'competition.startDraw',
      'competition.completeDraw',
    ] as const) {
      actor.send({ type })
    }
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('completed')
    expect(snapshot.status).toBe('done')
  })

  it('ignores refused events in a live actor, so the web cannot skip a step', () => {
    const actor = createActor(competitionMachine).start()
    actor.send({ type: 'competition.startDraw' })
    actor.send({ type: 'competition.close' })
    expect(actor.getSnapshot().value).toBe('draft')
  })

  it('treats cancelled as final except for deletion', () => {
    const actor = createActor(competitionMachine).start()
    actor.send({ type: 'competition.cancel' })
    actor.send({ type: 'competition.publish' })
    expect(actor.getSnapshot().value).toBe('cancelled')
    actor.send({ type: 'competition.delete' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'deleted', status: 'done' })
  })

  it.each([
    ['competition.publish', 'active'],
    ['competition.close', 'closed'],
    ['competition.cancel', 'cancelled'],
    ['competition.startDraw', 'drawing'],
    ['competition.completeDraw', 'completed'],
    ['competition.delete', 'deleted'],
    ['competition.revise', undefined],
    ['competition.enter', undefined],
  ] as const)('names the status %s leads to (%s)', (event, to) => {
    expect(targetStatus(event)).toBe(to)
  })
})
