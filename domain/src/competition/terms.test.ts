import type { CompetitionDetails } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import {
  competitionId,
  created,
  details,
  entryId,
  given,
  now,
  published,
  reserved,
} from '../entry/test-fixtures'
import type { CompetitionCommand } from './decide'

const revise = (overrides: Partial<CompetitionDetails>): CompetitionCommand => ({
  type: 'ReviseCompetition',
  data: { competitionId, details: { ...details, ...overrides } },
  metadata: { now },
})
const question = (overrides: Partial<CompetitionDetails['skillQuestion']>) => ({
  skillQuestion: { ...details.skillQuestion, ...overrides },
})
const released = {
  type: 'ReservationReleased',
  data: { competitionId, entryId: entryId(1), reason: 'expired' },
} as const

/** Details (the fixtures': 20 tickets at £2.50 until 1 February) with one change each. */
const changes: ReadonlyArray<[field: string, change: Partial<CompetitionDetails>, reason: string]> = [
  ['entryPricePence', { entryPricePence: 100 }, 'The entry price cannot change'],
  ['totalTickets', { totalTickets: 5 }, 'The total tickets can only be raised'],
  ['endDate', { endDate: '2030-01-31T00:00:00.000Z' }, 'The end date can only move later'],
  ['minimumTickets', { minimumTickets: 5 }, 'The minimum tickets can only be lowered or removed'],
  ['maxEntriesPerPerson', { maxEntriesPerPerson: 3 }, 'The maximum entries per person can only be raised'],
  ['skillQuestion.question', question({ question: '3 + 3?' }), 'The skill question cannot change'],
  ['skillQuestion.options', question({ options: ['4', '3', '5', '6'] }), 'The answer options cannot change'],
  ['skillQuestion.correct', question({ correct: '5' }), 'The correct answer cannot change'],
]

describe('ReviseCompetition once the competition has entries', () => {
  it.each(changes)('refuses a change of %s, naming it', (field, change, reason) => {
    given(created(), published, reserved(1, 12))
      .when(revise(change))
      .thenFails({
        code: 'COMPETITION_TERMS_FIXED',
        message: expect.stringContaining(reason),
        fieldErrors: { [field]: [expect.stringContaining(reason)] },
      })
  })

  it('names every field it refuses at once', () => {
    given(created(), published, reserved(1))
      .when(revise({ entryPricePence: 100, totalTickets: 5 }))
      .thenFails({ fieldErrors: { entryPricePence: expect.any(Array), totalTickets: expect.any(Array) } })
  })

  it('counts a reservation that was never paid: its intent may still be paid late', () => {
    given(created(), published, reserved(1), released)
      .when(revise({ totalTickets: 5 }))
      .thenFails({ code: 'COMPETITION_TERMS_FIXED' })
  })

  it('raises the total, moves the end date later and changes the rest', () => {
    const allowed = {
      totalTickets: 40,
      endDate: '2030-03-01T00:00:00.000Z',
      title: 'Win a bigger campervan',
      description: 'Now with a roof tent.',
      prizeValuePence: 4_000_000,
    }
    const [event] = given(created(), published, reserved(1, 12)).when(revise(allowed)).decided()
    expect(event).toEqual({
      type: 'CompetitionRevised',
      data: { competitionId, details: { ...details, ...allowed } },
    })
    expect(given(created(), published, reserved(1)).when(revise({})).decided()).toHaveLength(1)
  })

  it('lets the minimum fall or go and the cash alternative rise, never the other way', () => {
    const terms = { minimumTickets: 10, cashAlternativePence: 50_000 }
    const entered = () => given(created(terms), published, reserved(1))
    expect(
      entered()
        .when(revise({ minimumTickets: 8, cashAlternativePence: 60_000 }))
        .decided(),
    ).toHaveLength(1)
    expect(
      entered()
        .when(revise({ cashAlternativePence: 50_000 }))
        .decided(),
    ).toHaveLength(1)
    entered()
      .when(revise({ ...terms, minimumTickets: 12 }))
      .thenFails({ fieldErrors: { minimumTickets: expect.any(Array) } })
    entered()
      .when(revise({ minimumTickets: 10, cashAlternativePence: 40_000 }))
      .thenFails({ fieldErrors: { cashAlternativePence: expect.any(Array) } })
    entered()
      .when(revise({ minimumTickets: 10 }))
      .thenFails({
        fieldErrors: {
          cashAlternativePence: ['The cash alternative can only be raised once the competition has entries'],
        },
      })
  })

  it('lets the cap on entries per person rise, from the default too, never fall', () => {
    const entered = (cap?: number) =>
      given(created(cap === undefined ? {} : { maxEntriesPerPerson: cap }), published, reserved(1))
    expect(
      entered(10)
        .when(revise({ maxEntriesPerPerson: 11 }))
        .decided(),
    ).toHaveLength(1)
    expect(
      entered(10)
        .when(revise({ maxEntriesPerPerson: 10 }))
        .decided(),
    ).toHaveLength(1)
    expect(
      entered()
        .when(revise({ maxEntriesPerPerson: 1_000 }))
        .decided(),
    ).toHaveLength(1)
    entered(10)
      .when(revise({ maxEntriesPerPerson: 9 }))
      .thenFails({ code: 'COMPETITION_TERMS_FIXED', fieldErrors: { maxEntriesPerPerson: expect.any(Array) } })
    // Unset means the default of 100: 99 is lower.
    entered()
      .when(revise({ maxEntriesPerPerson: 99 }))
      .thenFails({ fieldErrors: { maxEntriesPerPerson: expect.any(Array) } })
    // Leaving the field out of a revision goes back to the default: lower than 1,000.
    entered(1_000)
      .when(revise({ maxEntriesPerPerson: undefined }))
      .thenFails({ fieldErrors: { maxEntriesPerPerson: expect.any(Array) } })
  })

  it('leaves every term open while nobody has entered', () => {
    for (const [, change] of changes) {
      expect(given(created(), published).when(revise(change)).decided()).toHaveLength(1)
    }
  })
})
