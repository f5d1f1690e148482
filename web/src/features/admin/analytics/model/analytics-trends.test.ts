import { describe, expect, it } from 'vitest'
import { averageEntryTrend, conversionTrend, newUsersTrend } from './analytics-trends'

describe('analytics trends (SPEC section 9)', () => {
  it('calls a conversion rate above 10 good, and 10 or less low', () => {
    expect(conversionTrend(10.1)).toEqual({ direction: 'up', label: 'Good conversion' })
    expect(conversionTrend(10)).toEqual({ direction: 'down', label: 'Low conversion' })
    expect(conversionTrend(0)).toEqual({ direction: 'down', label: 'Low conversion' })
  })

  it('calls an average entry above £3 high, and £3 or less low', () => {
    expect(averageEntryTrend(3.01)).toEqual({ direction: 'up', label: 'High average entry' })
    expect(averageEntryTrend(3)).toEqual({ direction: 'down', label: 'Low average entry' })
  })

  it('calls any new user growth, and none no growth', () => {
    expect(newUsersTrend(1)).toEqual({ direction: 'up', label: 'Growing' })
    expect(newUsersTrend(0)).toEqual({ direction: 'down', label: 'No new users' })
  })
})
