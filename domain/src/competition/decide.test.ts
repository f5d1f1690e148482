import type { CompetitionDetails } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import type { CompetitionLifecycleStatus } from './competition.machine'
import { type CompetitionCommand, decide } from './decide'
import type { CompetitionEvent } from './events'
import { type CompetitionState, evolve, initialState } from './state'

const id = 'c-1'
const now = new Date('2030-01-10T12:00:00.000Z')
const metadata = { now }

const details: CompetitionDetails = {
  title: 'Win a campervan',
  description: 'A restored 1972 campervan.',
  prize: 'VW T2 campervan',
  prizeValuePence: 3_500_000,
  entryPricePence: 250,
  totalTickets: 5000,
  location: 'UK Wide',
  startDate: '2030-01-01T00:00:00.000Z',
  endDate: '2030-02-01T00:00:00.000Z',
  imageUrl: null,
  skillQuestion: { question: '2 + 2?', options: ['3', '4', '5', '6'], correct: '4' },
}

const created: CompetitionEvent = {
  type: 'CompetitionCreated',
  data: { competitionId: id, details, featured: false },
}
const seedCommitment = 'c0'.repeat(32)
const published: CompetitionEvent = {
  type: 'CompetitionPublished',
  data: { competitionId: id, seedCommitment },
}

/** Given these events, when this command, then these events (or this error). */
function given(...events: CompetitionEvent[]) {
  return whenAt(events.reduce(evolve, initialState))
}

/**
 * Closed, drawing, completed, cancelled and deleted have no events yet (they arrive with the
 * close, draw and cancel slices), so those states are built directly from a created one.
 */
function givenStatus(status: CompetitionLifecycleStatus) {
  const state = [created].reduce(evolve, initialState)
  if (!state.exists) throw new Error('fixture: created competition expected')
  return whenAt({ ...state, status })
}

function whenAt(state: CompetitionState) {
  return {
    when: (command: CompetitionCommand) => ({
      thenEmits: (expected: CompetitionEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenFails: (expected: Record<string, unknown>) =>
        expect(() => decide(command, state)).toThrow(expect.objectContaining(expected)),
    }),
  }
}

const create = (overrides: Partial<CompetitionDetails> = {}, featured = false): CompetitionCommand => ({
  type: 'CreateCompetition',
  data: { competitionId: id, details: { ...details, ...overrides }, featured },
  metadata,
})
const revise = (overrides: Partial<CompetitionDetails>): CompetitionCommand => ({
  type: 'ReviseCompetition',
  data: { competitionId: id, details: { ...details, ...overrides } },
  metadata,
})
const publish = (at = now): CompetitionCommand => ({
  type: 'PublishCompetition',
  data: { competitionId: id, seedCommitment },
  metadata: { now: at },
})
const feature = (featured: boolean): CompetitionCommand => ({
  type: 'SetCompetitionFeatured',
  data: { competitionId: id, featured },
  metadata,
})

describe('CreateCompetition', () => {
  it('creates a draft competition', () => {
    given()
      .when(create({}, true))
      .thenEmits([{ type: 'CompetitionCreated', data: { competitionId: id, details, featured: true } }])
  })

  it('refuses an id that is taken, even by a deleted competition', () => {
    given(created).when(create()).thenFails({ code: 'COMPETITION_ALREADY_EXISTS', competitionId: id })
    givenStatus('deleted').when(create()).thenFails({ code: 'COMPETITION_ALREADY_EXISTS' })
  })

  it('refuses an end date that is not after the start date', () => {
    given()
      .when(create({ endDate: details.startDate }))
      .thenFails({
        code: 'INVALID_COMPETITION_DETAILS',
        message: 'The end date must be after the start date',
        fieldErrors: { endDate: ['The end date must be after the start date'] },
      })
  })

  it('refuses a free entry price and a worthless prize, naming both fields', () => {
    given()
      .when(create({ entryPricePence: 0, prizeValuePence: 0 }))
      .thenFails({
        fieldErrors: {
          prizeValuePence: ['The prize value must be greater than 0'],
          entryPricePence: ['The entry price must be greater than 0'],
        },
      })
  })

  it('applies the contract schema too, for commands that did not come through HTTP', () => {
    const skillQuestion = { question: 'Pick', options: ['a', 'b', 'c', 'd'], correct: 'e' }
    given()
      .when(create({ title: '', skillQuestion }))
      .thenFails({
        code: 'INVALID_COMPETITION_DETAILS',
        fieldErrors: expect.objectContaining({
          title: expect.any(Array),
          'skillQuestion.correct': ['The correct answer must be one of the options'],
        }),
      })
  })
})

describe('ReviseCompetition', () => {
  const newTitle = { title: 'Win a restored campervan' }
  const revised: CompetitionEvent = {
    type: 'CompetitionRevised',
    data: { competitionId: id, details: { ...details, ...newTitle } },
  }

  it('revises a draft and a live competition', () => {
    given(created).when(revise(newTitle)).thenEmits([revised])
    given(created, published).when(revise(newTitle)).thenEmits([revised])
  })

  it('lets a draft keep an end date in the past but not a live competition', () => {
    const past = { startDate: '2029-01-01T00:00:00.000Z', endDate: '2029-06-01T00:00:00.000Z' }
    given(created)
      .when(revise(past))
      .thenEmits([
        { type: 'CompetitionRevised', data: { competitionId: id, details: { ...details, ...past } } },
      ])
    given(created, published)
      .when(revise(past))
      .thenFails({ fieldErrors: { endDate: ['The end date of a live competition must be in the future'] } })
  })

  it('validates the new details', () => {
    given(created)
      .when(revise({ totalTickets: 0 }))
      .thenFails({ code: 'INVALID_COMPETITION_DETAILS' })
  })

  it.each(['closed', 'drawing', 'completed', 'cancelled'] as const)('refuses once %s', (status) => {
    givenStatus(status)
      .when(revise(newTitle))
      .thenFails({
        code: 'INVALID_TRANSITION',
        from: status,
        event: 'competition.revise',
        message: `Cannot edit a competition that is ${status}`,
      })
  })

  it('does not find a missing or deleted competition', () => {
    given().when(revise(newTitle)).thenFails({ code: 'COMPETITION_NOT_FOUND', competitionId: id })
    givenStatus('deleted').when(revise(newTitle)).thenFails({ code: 'COMPETITION_NOT_FOUND' })
  })
})

describe('PublishCompetition', () => {
  it('publishes a draft whose end date is still ahead', () => {
    given(created).when(publish()).thenEmits([published])
  })

  it('refuses when the end date has passed at the moment of the command', () => {
    given(created)
      .when(publish(new Date(details.endDate)))
      .thenFails({ code: 'COMPETITION_END_DATE_PASSED', endDate: details.endDate })
  })

  it('refuses a commitment that is not a sha256 digest in hex', () => {
    given(created)
      .when({ type: 'PublishCompetition', data: { competitionId: id, seedCommitment: 'abc' }, metadata })
      .thenFails({ code: 'INVALID_DRAW_INPUT', field: 'seedCommitment' })
  })

  it('records nothing when published already: the first commitment stands', () => {
    const again: CompetitionCommand = {
      type: 'PublishCompetition',
      data: { competitionId: id, seedCommitment: 'd1'.repeat(32) },
      metadata,
    }
    given(created, published).when(again).thenEmits([])
  })

  it.each(['closed', 'drawing', 'completed', 'cancelled'] as const)('refuses once %s', (status) => {
    givenStatus(status)
      .when(publish())
      .thenFails({
        code: 'INVALID_TRANSITION',
        from: status,
        to: 'active',
        message: `Cannot publish a competition that is ${status}`,
      })
  })

  it('does not find a missing or deleted competition', () => {
    given().when(publish()).thenFails({ code: 'COMPETITION_NOT_FOUND' })
    givenStatus('deleted').when(publish()).thenFails({ code: 'COMPETITION_NOT_FOUND' })
  })
})

describe('SetCompetitionFeatured', () => {
  const featuredSet = (featured: boolean): CompetitionEvent => ({
    type: 'CompetitionFeaturedSet',
    data: { competitionId: id, featured },
  })

  it.each(['draft', 'active', 'closed', 'drawing', 'completed', 'cancelled'] as const)(
    'toggles at %s',
    (status) => {
      givenStatus(status)
        .when(feature(true))
        .thenEmits([featuredSet(true)])
    },
  )

  it('records nothing when the flag already has that value', () => {
    given(created).when(feature(false)).thenEmits([])
    given(created, featuredSet(true)).when(feature(true)).thenEmits([])
    given(created, featuredSet(true))
      .when(feature(false))
      .thenEmits([featuredSet(false)])
  })

  it('does not find a missing or deleted competition', () => {
    given().when(feature(true)).thenFails({ code: 'COMPETITION_NOT_FOUND' })
    givenStatus('deleted').when(feature(true)).thenFails({ code: 'COMPETITION_NOT_FOUND' })
  })
})
