import { describe, expect, it } from 'vitest'
import { entriesSoFar, oddsOf } from './odds'

describe('the odds a competition states (issue 24)', () => {
  it('1 in N per ticket, at most N tickets, N the most tickets it can sell', () => {
    expect(oddsOf(5000)).toEqual({
      headline: '1 in 5,000 per ticket, at most 5,000 tickets',
      detail:
        'No more than 5,000 tickets can be entered, so each ticket has at least a 1 in 5,000 chance: better if fewer are entered.',
    })
    expect(oddsOf(1)).toEqual({
      headline: '1 in 1 per ticket, at most 1 ticket',
      detail: 'No more than 1 ticket can be entered, so it is certain to win.',
    })
  })

  it('without a ticket limit, no figure can be promised', () => {
    expect(oddsOf(0)).toEqual({
      headline: 'No ticket limit',
      detail: "Each ticket's chance is 1 in the number of tickets entered by the close.",
    })
  })

  it('the entries so far, counted', () => {
    expect(entriesSoFar(0)).toBe('No entries yet')
    expect(entriesSoFar(1)).toBe('1 entry so far')
    expect(entriesSoFar(12_345)).toBe('12,345 entries so far')
  })
})
