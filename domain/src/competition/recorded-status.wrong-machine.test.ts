import { describe, expect, it, vi } from 'vitest'
import type * as Machine from './competition.machine'
import { evolve } from './state'
import { competitionAt, recordedMoves } from './test-fixtures'

/**
 * The same lifecycle with two targets deliberately wrong: publishing leads to undersold and
 * closing to drawing. If evolve kept its own copy of the targets, it would not follow.
 */
vi.mock('./competition.machine', async (importOriginal) => {
  const original = await importOriginal<typeof Machine>()
  const { setup } = await import('xstate')
  // A plain copy of the definition (it holds only targets), with the two targets changed.
  const { id, initial, states } = JSON.parse(JSON.stringify(original.competitionMachine.config))
  states.draft.on['competition.publish'] = { target: 'undersold' }
  states.active.on['competition.close'] = { target: 'drawing' }
  const wrong = setup({ types: { events: {} as Machine.CompetitionLifecycleEvent } }).createMachine({
    id,
    initial,
    states,
  })
  return { ...original, competitionMachine: wrong }
})

const eventOf = (type: string) => {
  const found = recordedMoves.find(({ event }) => event.type === type)
  if (!found) throw new Error(`no recorded ${type} in the fixtures`)
  return found.event
}

describe('evolve under a machine with wrong targets', () => {
  it('follows the machine, not a copy of it', () => {
    expect(evolve(competitionAt('draft'), eventOf('CompetitionPublished'))).toMatchObject({
      status: 'undersold',
    })
    expect(evolve(competitionAt('active'), eventOf('CompetitionClosed'))).toMatchObject({ status: 'drawing' })
  })

  it('keeps every target the mock left alone', () => {
    expect(evolve(competitionAt('undersold'), eventOf('CompetitionClosed'))).toMatchObject({
      status: 'closed',
    })
    expect(evolve(competitionAt('closed'), eventOf('DrawStarted'))).toMatchObject({ status: 'drawing' })
  })
})
