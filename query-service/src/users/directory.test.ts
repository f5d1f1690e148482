import { describe, expect, test } from 'vitest'
import { firstNameAndInitial, townOf } from './directory'

const person = { firstName: 'Ada', lastName: 'lovelace', email: 'a@example.com', phone: '', address: '' }

describe('winner names', () => {
  test('first name and the capital initial of the last', () => {
    expect(firstNameAndInitial(person)).toBe('Ada L.')
    expect(firstNameAndInitial({ ...person, lastName: ' ' })).toBe('Ada')
  })
})

describe('towns from one-line addresses', () => {
  test.each([
    ['12 High Street, Leeds, LS1 1AA', 'Leeds'],
    ['12 High Street, Leeds LS1 1AA', 'Leeds'],
    ['Flat 3, 4 Mill Lane, Cork, T12 X70A, Ireland', 'Cork'],
    ['1 Main Street\nDublin 2\nD02 X285', 'Dublin 2'],
    ['10 Downing Street, London, SW1A 2AA, United Kingdom', 'London'],
  ])('%j is in %s', (address, town) => {
    expect(townOf(address)).toBe(town)
  })

  test('a single part is a street, not a town', () => {
    expect(townOf('12 High Street')).toBeNull()
    expect(townOf('')).toBeNull()
  })
})
