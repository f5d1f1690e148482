import { describe, expect, it } from 'vitest'
import { ageOn, dateOfBirthRange, isAtLeastAge } from './age'

describe('the 18-and-over rule', () => {
  it('comes of age on the 18th birthday, not the day before', () => {
    expect(isAtLeastAge('2008-06-15', '2026-06-14')).toBe(false)
    expect(isAtLeastAge('2008-06-15', '2026-06-15')).toBe(true)
    expect(isAtLeastAge('2008-06-15', '2026-06-16')).toBe(true)
  })

  it('counts a 29 February birthday from 1 March in a common year', () => {
    expect(isAtLeastAge('2008-02-29', '2026-02-28')).toBe(false)
    expect(isAtLeastAge('2008-02-29', '2026-03-01')).toBe(true)
  })

  it('refuses dates that are not on the calendar or not ISO', () => {
    expect(isAtLeastAge('1990-02-30', '2026-01-01')).toBe(false)
    expect(isAtLeastAge('01/02/1990', '2026-01-01')).toBe(false)
    expect(isAtLeastAge('', '2026-01-01')).toBe(false)
    expect(ageOn('1990-13-01', '2026-01-01')).toBeNull()
  })

  it('takes another minimum when asked', () => {
    expect(isAtLeastAge('2010-01-01', '2026-01-01', 16)).toBe(true)
  })

  it('gives whole years', () => {
    expect(ageOn('1990-12-31', '2026-12-30')).toBe(35)
    expect(ageOn('1990-12-31', '2026-12-31')).toBe(36)
  })
})

describe('date-of-birth picker range', () => {
  it('runs from 100 years ago to 18 years ago', () => {
    expect(dateOfBirthRange('2026-05-07')).toEqual({ min: '1926-05-07', max: '2008-05-07' })
  })

  it('keeps the newest allowed date inside the rule on 29 February', () => {
    const { max } = dateOfBirthRange('2028-02-29')
    expect(max).toBe('2010-02-28')
    expect(isAtLeastAge(max, '2028-02-29')).toBe(true)
  })

  it('the newest allowed date passes the rule and the day after does not', () => {
    const today = '2026-05-07'
    expect(isAtLeastAge(dateOfBirthRange(today).max, today)).toBe(true)
    expect(isAtLeastAge('2008-05-08', today)).toBe(false)
  })
})
