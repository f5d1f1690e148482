import { describe, expect, it } from 'vitest'
import {
  closeTime,
  commitmentOf,
  competitionId,
  details,
  entryEvents,
  fixtureRound,
  run,
  seedFor,
} from '../draw/test-fixtures'
import { reserveTickets } from '../entry/decide'
import { type CompetitionCommand, decide } from './decide'
import { assertValidDetails } from './details'
import type { CompetitionEvent } from './events'
import { evolve, initialState } from './state'

const metadata = { now: closeTime }
const randomness = { source: 'drand' as const, round: fixtureRound }
const day = 24 * 60 * 60 * 1000

const createdWith = (minimumTickets: number | undefined): CompetitionEvent => ({
  type: 'CompetitionCreated',
  data: {
    competitionId,
    details: minimumTickets === undefined ? details : { ...details, minimumTickets },
    featured: false,
  },
})
const published: CompetitionEvent = {
  type: 'CompetitionPublished',
  data: { competitionId, seedCommitment: commitmentOf(seedFor(3)) },
}
/** Six tickets sold: 2 + 3 + 1. */
const sold = entryEvents([
  { userId: 'u-1', quantity: 2, answer: '4' },
  { userId: 'u-2', quantity: 3, answer: '3' },
  { userId: 'u-3', quantity: 1, answer: '4' },
])
const closeAs = (reason: 'end_date' | 'admin' | 'sold_out', now = closeTime): CompetitionCommand => ({
  type: 'CloseCompetition',
  data: { competitionId, reason, randomness },
  metadata: { now },
})
const extendTo = (endDate: Date, now = closeTime): CompetitionCommand => ({
  type: 'ExtendEndDate',
  data: { competitionId, endDate: endDate.toISOString() },
  metadata: { now },
})

const fold = (events: CompetitionEvent[]) => {
  const state = events.reduce(evolve, initialState)
  if (!state.exists) throw new Error('no competition')
  return state
}
const typesOf = (events: CompetitionEvent[]) => events.map((e) => e.type)

const undersold = run([createdWith(10), published, ...sold], closeAs('end_date'))

describe('the end date below the minimum of tickets sold', () => {
  it('records the competition undersold instead of sealing it', () => {
    expect(decide(closeAs('end_date'), fold([createdWith(10), published, ...sold]))).toEqual([
      { type: 'CompetitionUndersold', data: { competitionId, soldTickets: 6, minimumTickets: 10 } },
    ])
    const state = fold(undersold)
    expect(state.status).toBe('undersold')
    expect(state.sealed).toBeNull()
  })

  it('closes for the draw as before when the minimum is met, or when there is none', () => {
    expect(typesOf(decide(closeAs('end_date'), fold([createdWith(6), published, ...sold])))).toEqual([
      'CompetitionClosed',
    ])
    expect(typesOf(decide(closeAs('end_date'), fold([createdWith(undefined), published, ...sold])))).toEqual([
      'CompetitionClosed',
    ])
  })

  it("seals below the minimum when an admin closes before the end date: the admin's choice", () => {
    expect(typesOf(decide(closeAs('admin'), fold([createdWith(10), published, ...sold])))).toEqual([
      'CompetitionClosed',
    ])
  })

  it('takes no entries while undersold', () => {
    const reserve = {
      type: 'ReserveTickets' as const,
      data: {
        competitionId,
        entryId: 'e-late',
        userId: 'u-9',
        quantity: 1,
        answer: '4',
        paymentIntentId: 'pi_late',
        expiresAt: new Date(closeTime.getTime() + 60_000).toISOString(),
      },
      metadata,
    }
    expect(() => reserveTickets(reserve, fold(undersold))).toThrow(
      expect.objectContaining({ code: 'COMPETITION_NOT_ACTIVE' }),
    )
  })
})

describe('the admin decides for an undersold competition', () => {
  it('draws anyway: an admin close seals the list as usual', () => {
    const [closed] = decide(closeAs('admin'), fold(undersold))
    expect(closed).toMatchObject({ type: 'CompetitionClosed', data: { reason: 'admin' } })
    if (closed?.type !== 'CompetitionClosed') throw new Error('not closed')
    expect(closed.data.seal.eligibleTickets).toBe(3)
  })

  it('never seals on a late automatic close: the admin must choose', () => {
    for (const reason of ['end_date', 'sold_out'] as const) {
      expect(() => decide(closeAs(reason), fold(undersold))).toThrow(
        expect.objectContaining({ code: 'INVALID_TRANSITION', from: 'undersold' }),
      )
    }
  })

  it('cancels', () => {
    const cancel: CompetitionCommand = {
      type: 'CancelCompetition',
      data: { competitionId, reason: 'Minimum not reached' },
      metadata,
    }
    expect(typesOf(decide(cancel, fold(undersold)))).toEqual(['CompetitionCancelled'])
  })

  it('extends the end date once: the competition reopens until the new date', () => {
    const newEnd = new Date(closeTime.getTime() + 14 * day)
    const events = decide(extendTo(newEnd), fold(undersold))
    expect(events).toEqual([
      {
        type: 'CompetitionEndDateExtended',
        data: { competitionId, previousEndDate: details.endDate, endDate: newEnd.toISOString() },
      },
    ])
    const reopened = fold([...undersold, ...events])
    expect(reopened.status).toBe('active')
    expect(reopened.details.endDate).toBe(newEnd.toISOString())
    expect(reopened.endDateExtended).toBe(true)

    const again = run([...undersold, ...events], closeAs('end_date', newEnd))
    expect(fold(again).status).toBe('undersold')
    expect(() => decide(extendTo(new Date(newEnd.getTime() + day), newEnd), fold(again))).toThrow(
      expect.objectContaining({ code: 'END_DATE_ALREADY_EXTENDED' }),
    )
  })

  it('refuses a new end date in the past or more than 90 days away', () => {
    const state = fold(undersold)
    expect(() => decide(extendTo(new Date(closeTime.getTime() - 1)), state)).toThrow(
      expect.objectContaining({
        code: 'INVALID_COMPETITION_DETAILS',
        fieldErrors: { endDate: ['The new end date must be in the future'] },
      }),
    )
    expect(decide(extendTo(new Date(closeTime.getTime() + 90 * day)), state)).toHaveLength(1)
    expect(() => decide(extendTo(new Date(closeTime.getTime() + 90 * day + 1)), state)).toThrow(
      expect.objectContaining({
        code: 'INVALID_COMPETITION_DETAILS',
        fieldErrors: { endDate: ['The new end date must be at most 90 days from now'] },
      }),
    )
  })

  it('extends only an undersold competition', () => {
    const active = fold([createdWith(10), published, ...sold])
    expect(() => decide(extendTo(new Date(closeTime.getTime() + day)), active)).toThrow(
      expect.objectContaining({ code: 'INVALID_TRANSITION', from: 'active' }),
    )
  })
})

describe('the minimum and the cash alternative in the details', () => {
  it('bounds the minimum by the total tickets and wants a cash alternative above 0', () => {
    expect(() => assertValidDetails({ ...details, minimumTickets: details.totalTickets })).not.toThrow()
    expect(() => assertValidDetails({ ...details, minimumTickets: details.totalTickets + 1 })).toThrow(
      expect.objectContaining({
        fieldErrors: { minimumTickets: ['The minimum tickets must be at most the total tickets'] },
      }),
    )
    expect(() => assertValidDetails({ ...details, cashAlternativePence: 0 })).toThrow(
      expect.objectContaining({
        fieldErrors: { cashAlternativePence: ['The cash alternative must be greater than 0'] },
      }),
    )
    expect(() => assertValidDetails({ ...details, cashAlternativePence: 25_000_00 })).not.toThrow()
  })
})
