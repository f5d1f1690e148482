import { authMessages } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import { ageOn, dateOfBirthProblem, invalidDateOfBirthMessage, isExpired } from './rules'

const at = (iso: string) => new Date(iso)

describe('ageOn', () => {
  it('counts whole years, turning over on the birthday itself', () => {
    expect(ageOn('2012-06-15', at('2030-06-14T23:59:59Z'))).toBe(17)
    expect(ageOn('2012-06-15', at('2030-06-15T00:00:00Z'))).toBe(18)
  })

  it('brings a 29 February birthday of age on 1 March in a common year', () => {
    expect(ageOn('2012-02-29', at('2030-02-28T12:00:00Z'))).toBe(17)
    expect(ageOn('2012-02-29', at('2030-03-01T00:00:00Z'))).toBe(18)
  })

  it('knows no 30 February', () => {
    expect(ageOn('1990-02-30', at('2030-01-01T00:00:00Z'))).toBeUndefined()
    expect(ageOn('1990-13-01', at('2030-01-01T00:00:00Z'))).toBeUndefined()
  })
})

describe('dateOfBirthProblem', () => {
  const now = at('2030-06-15T10:00:00Z')

  it('lets an adult register', () => {
    expect(dateOfBirthProblem('2012-06-15', now)).toBeUndefined()
    expect(dateOfBirthProblem('1950-01-01', now)).toBeUndefined()
  })

  it('refuses anyone under 18, and dates in the future, with the spec message', () => {
    expect(dateOfBirthProblem('2012-06-16', now)).toBe(authMessages.underage)
    expect(dateOfBirthProblem('2031-01-01', now)).toBe(authMessages.underage)
  })

  it('refuses impossible and implausibly old dates', () => {
    expect(dateOfBirthProblem('1990-02-30', now)).toBe(invalidDateOfBirthMessage)
    expect(dateOfBirthProblem('1900-01-01', now)).toBe(invalidDateOfBirthMessage)
  })
})

describe('isExpired', () => {
  it('holds from the expiry instant on', () => {
    const expiresAt = '2030-06-15T11:00:00.000Z'
    expect(isExpired(expiresAt, at('2030-06-15T10:59:59.999Z'))).toBe(false)
    expect(isExpired(expiresAt, at('2030-06-15T11:00:00.000Z'))).toBe(true)
  })
})
