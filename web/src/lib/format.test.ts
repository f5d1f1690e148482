import { describe, expect, it } from 'vitest'
import {
  countdown,
  formatCount,
  formatDate,
  formatDateTime,
  formatPrice,
  formatPrizeValue,
  timeLeft,
} from './format'

describe('formatPrice', () => {
  it('shows pounds with two decimals', () => {
    expect(formatPrice(2.99)).toBe('£2.99')
    expect(formatPrice(5)).toBe('£5.00')
    expect(formatPrice(1250)).toBe('£1,250.00')
  })
})

describe('formatPrizeValue', () => {
  it('shows values of 1000 and above in K', () => {
    expect(formatPrizeValue(1000)).toBe('£1K')
    expect(formatPrizeValue(1500)).toBe('£1.5K')
    expect(formatPrizeValue(25_000)).toBe('£25K')
  })

  it('shows smaller values in pounds and pence', () => {
    expect(formatPrizeValue(999.5)).toBe('£999.50')
  })
})

describe('formatCount and formatDate', () => {
  it('groups thousands', () => {
    expect(formatCount(12345)).toBe('12,345')
  })

  it('writes dates the British way in UK time', () => {
    expect(formatDate('2026-12-24T12:00:00Z')).toBe('24 Dec 2026')
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatDate('2026-06-30T23:30:00Z')).toBe('1 Jul 2026')
  })

  it('says so when a date is invalid', () => {
    expect(formatDate('not a date')).toBe('Invalid Date')
  })
})

describe('countdown', () => {
  const now = new Date('2026-03-10T09:00:00Z')

  it('says Ended once the end has passed', () => {
    expect(countdown('2026-03-10T08:59:59Z', now)).toBe('Ended')
    expect(countdown('2026-01-01T00:00:00Z', now)).toBe('Ended')
  })

  it('shows hours and minutes under 24 hours to go', () => {
    expect(countdown('2026-03-10T23:00:00Z', now)).toBe('in 14h 0m')
    expect(countdown('2026-03-11T08:59:59Z', now)).toBe('in 23h 59m')
    expect(countdown('2026-03-10T09:42:30Z', now)).toBe('in 42m')
    expect(countdown('2026-03-10T09:00:59Z', now)).toBe('in under a minute')
  })

  it('says Tomorrow for the next UK day from 24 hours on', () => {
    expect(countdown('2026-03-11T09:00:00Z', now)).toBe('Tomorrow')
    expect(countdown('2026-03-11T23:30:00Z', now)).toBe('Tomorrow')
  })

  it('counts days under a week', () => {
    expect(countdown('2026-03-12T12:00:00Z', now)).toBe('in 2 days')
    expect(countdown('2026-03-16T12:00:00Z', now)).toBe('in 6 days')
  })

  it('counts whole weeks from 7 days on', () => {
    expect(countdown('2026-03-17T12:00:00Z', now)).toBe('in 1 week')
    expect(countdown('2026-03-30T12:00:00Z', now)).toBe('in 2 weeks')
    expect(countdown('2026-04-10T12:00:00Z', now)).toBe('in 4 weeks')
  })
})

describe('formatDateTime', () => {
  it('writes the moment to the second, UK time (BST in summer)', () => {
    expect(formatDateTime('2026-12-24T12:00:05Z')).toBe('24 Dec 2026, 12:00:05')
    expect(formatDateTime('2026-07-01T08:30:00Z')).toBe('1 Jul 2026, 09:30:00')
  })

  it('says Invalid Date for something that is not a date', () => {
    expect(formatDateTime('soon')).toBe('Invalid Date')
  })
})

describe('timeLeft', () => {
  const now = new Date('2026-03-10T09:00:00Z')

  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(timeLeft('2026-03-12T12:34:56Z', now)).toEqual({
      ended: false,
      closingSoon: false,
      days: 2,
      hours: 3,
      minutes: 34,
      seconds: 56,
    })
  })

  it('is closing soon under 24 hours to go, not at 24 hours', () => {
    expect(timeLeft('2026-03-11T09:00:00Z', now).closingSoon).toBe(false)
    expect(timeLeft('2026-03-11T08:59:59Z', now)).toMatchObject({ closingSoon: true, days: 0, hours: 23 })
  })

  it('has ended at the end and after', () => {
    expect(timeLeft('2026-03-10T09:00:00Z', now)).toMatchObject({
      ended: true,
      closingSoon: false,
      seconds: 0,
    })
    expect(timeLeft('2026-03-09T09:00:00Z', now).ended).toBe(true)
  })
})
