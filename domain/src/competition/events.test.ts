import { describe, expect, it } from 'vitest'
import { decodeCompetitionEvent } from './events'
import { evolve, initialState } from './state'

describe('decodeCompetitionEvent', () => {
  it('decodes a known event against its contract schema', () => {
    const stored = { type: 'CompetitionFeaturedSet', data: { competitionId: 'c-1', featured: true } }
    expect(decodeCompetitionEvent(stored)).toEqual(stored)
  })

  it('answers undefined for a type this code does not know yet', () => {
    expect(decodeCompetitionEvent({ type: 'CashAlternativeChosen', data: {} })).toBeUndefined()
    expect(decodeCompetitionEvent({ type: 'toString', data: {} })).toBeUndefined()
  })

  it('throws for a known type whose data breaks the contract', () => {
    expect(() => decodeCompetitionEvent({ type: 'CompetitionPublished', data: { id: 'c-1' } })).toThrow()
    expect(() => decodeCompetitionEvent({ type: 'TicketsAllocated', data: { entryId: 'e' } })).toThrow()
  })

  it('decodes the entry events that share the stream', () => {
    const stored = {
      type: 'ReservationReleased',
      data: { competitionId: 'c-1', entryId: '00000000-0000-4000-8000-000000000001', reason: 'expired' },
    }
    expect(decodeCompetitionEvent(stored)).toEqual(stored)
  })

  it('decodes the lifecycle and draw events, and a publication with or without a commitment', () => {
    const hash = 'ab'.repeat(32)
    const stored = [
      { type: 'CompetitionPublished', data: { competitionId: 'c-1' } },
      { type: 'CompetitionPublished', data: { competitionId: 'c-1', seedCommitment: hash } },
      {
        type: 'CompetitionClosed',
        data: {
          competitionId: 'c-1',
          reason: 'sold_out',
          seal: { eligibleTickets: 3, listHash: hash },
          randomness: { source: 'drand', round: 42 },
        },
      },
      { type: 'DrawStarted', data: { competitionId: 'c-1' } },
      {
        type: 'DrawCompleted',
        data: {
          competitionId: 'c-1',
          seed: hash,
          publicRandomness: { source: 'drand', round: 42, value: 'cafe' },
          winningTicket: 2,
          winningEntryId: 'e-1',
          winnerUserId: 'u-1',
          attempts: 1,
        },
      },
      { type: 'CompetitionCancelled', data: { competitionId: 'c-1', reason: 'Prize unavailable' } },
      { type: 'CompetitionDeleted', data: { competitionId: 'c-1' } },
    ]
    for (const event of stored) expect(decodeCompetitionEvent(event)).toEqual(event)
    const badSeal = { type: 'CompetitionClosed', data: { competitionId: 'c-1', reason: 'bored' } }
    expect(() => decodeCompetitionEvent(badSeal)).toThrow()
  })
})

describe('evolve', () => {
  it('leaves a stream without a creation untouched, whatever else it holds', () => {
    const state = evolve(initialState, { type: 'CompetitionPublished', data: { competitionId: 'c-1' } })
    expect(state).toEqual({ exists: false })
  })
})
