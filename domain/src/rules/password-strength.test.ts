import { describe, expect, it } from 'vitest'
import { changePasswordStrength, registerPasswordStrength, resetPasswordStrength } from './password-strength'

describe('register password strength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Weak'],
    ['abcdefgh', 2, 'Fair'],
    ['Abcdefgh', 3, 'Good'],
    ['Abcdefg1', 4, 'Strong'],
    ['ABC1', 2, 'Fair'],
    ['!', 1, 'Weak'],
  ])('%j scores %i point(s): %s', (password, points, label) => {
    expect(registerPasswordStrength(password)).toMatchObject({ points, label })
  })

  it('caps the label at four points when all five rules hold', () => {
    expect(registerPasswordStrength('Abcdefg1!')).toEqual({ points: 5, level: 4, label: 'Strong' })
  })
})

describe('change-password strength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefgh', 45, 'Medium'],
    ['abcdefg1', 60, 'Medium'],
    ['Abcdefg1', 80, 'Strong'],
    ['Abcdefghijk1', 95, 'Strong'],
    ['Abcdefghijk1!', 100, 'Strong'],
    ['ABCDEFG', 20, 'Weak'],
    ['abcdefg!', 50, 'Medium'],
  ])('%j scores %i: %s', (password, score, label) => {
    expect(changePasswordStrength(password)).toEqual({ score, label })
  })

  it('puts 39 in Weak and 40 in Medium, 69 in Medium and 70 in Strong', () => {
    // 20 lowercase + 15 digit = 35; with a symbol 40.
    expect(changePasswordStrength('a1')).toEqual({ score: 35, label: 'Weak' })
    expect(changePasswordStrength('a1!')).toEqual({ score: 40, label: 'Medium' })
    // 25 + 20 + 20 = 65; + symbol 70.
    expect(changePasswordStrength('Abcdefgh')).toEqual({ score: 65, label: 'Medium' })
    expect(changePasswordStrength('Abcdefg!')).toEqual({ score: 70, label: 'Strong' })
  })
})

describe('reset-page strength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefgh', 40, 'Medium'],
    ['Abcdefgh', 60, 'Medium'],
    ['Abcdefg1', 80, 'Strong'],
    ['Abcdefghijk1', 90, 'Strong'],
    ['Abcdefghijk1!', 100, 'Strong'],
    ['abc1', 40, 'Medium'],
    ['abc', 20, 'Weak'],
  ])('%j scores %i: %s', (password, score, label) => {
    expect(resetPasswordStrength(password)).toEqual({ score, label })
  })
})
