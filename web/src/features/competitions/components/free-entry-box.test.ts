import { describe, expect, it } from 'vitest'
import { postalClosedReason } from './free-entry-box'

/** Issue 24: the free-entry box says plainly when entries by post have closed. */
describe('the free route on a competition page', () => {
  const competition = { status: 'active', end_date: '2030-02-01T00:00:00.000Z' } as const

  it('is open while entries are', () => {
    expect(postalClosedReason(competition, 'open')).toBeUndefined()
  })

  it('says it has closed once the competition has ended, closed or been drawn', () => {
    for (const state of ['ended', 'awaiting-draw', 'drawn'] as const) {
      expect(postalClosedReason({ ...competition, status: 'closed' }, state)).toMatch(
        /^Entries by post have closed: envelopes had to arrive before /,
      )
    }
    expect(postalClosedReason(competition, 'sold-out')).toBe(
      'Every ticket has gone, so entries by post have closed.',
    )
  })

  it('says a cancelled competition takes no entries by post', () => {
    expect(postalClosedReason({ ...competition, status: 'cancelled' }, 'ended')).toBe(
      'This competition was cancelled, so entries by post have closed.',
    )
  })
})
