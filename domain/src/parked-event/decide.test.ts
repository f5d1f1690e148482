import { describe, expect, it } from 'vitest'
import { decideParkedEvent, decodeParkedEventEvent, parkedEventDecider } from './decide'

const metadata = { now: new Date('2030-01-01T00:00:00Z') }
const action = {
  parkedEventId: '7',
  consumer: 'cancellation-refunds',
  eventId: '00000000-0000-4000-8000-000000000001',
  eventType: 'CompetitionCancelled',
  streamId: 'competition-1',
}

describe('parked event actions', () => {
  it('record each retry and resolution as it was made, however many came before', () => {
    const after = [1, 2, 3].reduce(
      (state) => parkedEventDecider.evolve(state, { type: 'ParkedEventResolved', data: action }),
      parkedEventDecider.initialState,
    )
    const retry = { ...action, outcome: 'failed' as const, failure: 'charge disputed' }
    expect(decideParkedEvent({ type: 'RecordParkedEventRetry', data: retry, metadata }, after)).toEqual([
      { type: 'ParkedEventRetried', data: retry },
    ])
    expect(decideParkedEvent({ type: 'RecordParkedEventResolution', data: action, metadata }, after)).toEqual(
      [{ type: 'ParkedEventResolved', data: action }],
    )
  })

  it('decode their stored events and ignore unknown ones', () => {
    expect(decodeParkedEventEvent({ type: 'ParkedEventResolved', data: action })).toEqual({
      type: 'ParkedEventResolved',
      data: action,
    })
    expect(decodeParkedEventEvent({ type: 'Other', data: {} })).toBeUndefined()
    expect(() => decodeParkedEventEvent({ type: 'ParkedEventRetried', data: action })).toThrow()
  })
})
