import { describe, expect, it } from 'vitest'
import { figuresOf } from './success-stats-section'

describe('the success figures', () => {
  it('are the records as they stand, in words that fit the count', () => {
    expect(figuresOf({ success: true, members: 1, winners: 1, prizesWonPence: 45_000 })).toEqual([
      { value: '1', label: 'member' },
      { value: '£450.00', label: 'in prizes won' },
      { value: '1', label: 'winner' },
    ])
    expect(figuresOf({ success: true, members: 12_345, winners: 3, prizesWonPence: 4_500_000 })).toEqual([
      { value: '12,345', label: 'members' },
      { value: '£45K', label: 'in prizes won' },
      { value: '3', label: 'winners' },
    ])
  })
})
