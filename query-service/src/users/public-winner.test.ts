import { describe, expect, test } from 'vitest'
import { publicPlace, publicWinnerName } from './public-winner'

const person = { firstName: 'Grace', lastName: 'hopper', address: '12 High Street, Leeds, LS1 1AA' }

describe('the place a winner is published with', () => {
  test.each([
    ['12 High Street, Leeds, LS1 1AA', 'Leeds'],
    ['12 High Street, Leeds LS1 1AA', 'Leeds'],
    ['Flat 3, 4 Mill Lane, Cork, T12 X70A, Ireland', 'Cork'],
    ['1 Main Street\nDublin 2\nD02 X285', 'Dublin'],
    ['10 Downing Street, London, SW1A 2AA, United Kingdom', 'London'],
    ['Rose Cottage, Little Snoring, Norfolk, NR21 0AA', 'Norfolk'],
    ['12 High Street, Stratford-upon-Avon, CV37 6AA', 'Stratford-upon-Avon'],
    ["3 Bridge Road, King's Lynn, PE30 1AA", "King's Lynn"],
  ])('%j gives %s', (address, place) => {
    expect(publicPlace(address)).toBe(place)
  })

  test.each([
    // The case: the street line is never published.
    ['Flat 2, 10 Downing Street, SW1A 2AA'],
    ['Flat 2, Downing Street, SW1A 2AA'],
    ['Apartment 4, Kings Road'],
    ['Unit 7, Harbour Way, BT1 1AA'],
    ['The Old Rectory, Church Lane'],
    ['12 High Street'],
    ['Leeds'],
    [''],
    ['PO Box 12, Leeds 7'],
    ['1 Acacia Avenue, 22 Station Road'],
    ['Flat 1, Main St, UK'],
    ['12 High Street, <script>alert(1)</script>'],
    ['12 High Street, grace@example.com'],
    ['12 High Street, Leeds Leeds Leeds Leeds Leeds Leeds Leeds Leeds'],
  ])('%j gives no place', (address) => {
    expect(publicPlace(address)).toBeNull()
  })
})

describe("a winner's display name", () => {
  test('first name and the capital initial of the surname by default', () => {
    expect(publicWinnerName(person, false)).toBe('Grace H.')
    expect(publicWinnerName({ ...person, lastName: ' ' }, false)).toBe('Grace')
  })

  test('a winner who objected is named only by their place, or not at all', () => {
    expect(publicWinnerName(person, true)).toBe('A winner from Leeds')
    expect(publicWinnerName({ ...person, address: 'Flat 2, 10 Downing Street, SW1A 2AA' }, true)).toBe(
      'A winner',
    )
  })
})
