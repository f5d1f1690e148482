import { describe, expect, test } from 'vitest'
import { comparePositions, type Position, positionFromString, positionToString } from './port'

const at = (commit: bigint, prepare: bigint): Position => ({ commit, prepare })

describe('positions', () => {
  test('compare by commit first, then by prepare', () => {
    expect(comparePositions(at(1n, 9n), at(2n, 1n))).toBe(-1)
    expect(comparePositions(at(2n, 1n), at(1n, 9n))).toBe(1)
    expect(comparePositions(at(5n, 1n), at(5n, 2n))).toBe(-1)
    expect(comparePositions(at(5n, 2n), at(5n, 1n))).toBe(1)
    expect(comparePositions(at(5n, 2n), at(5n, 2n))).toBe(0)
  })

  test('sort a shuffled log back into order', () => {
    const log = [at(3n, 1n), at(1n, 7n), at(2n, 2n), at(1n, 3n), at(2n, 10n)]
    expect([...log].sort(comparePositions)).toEqual([
      at(1n, 3n),
      at(1n, 7n),
      at(2n, 2n),
      at(2n, 10n),
      at(3n, 1n),
    ])
  })

  test('survive a round trip through a string, beyond the safe integer range', () => {
    const big = at(2n ** 63n - 1n, 9_007_199_254_740_993n)
    expect(positionFromString(positionToString(big))).toEqual(big)
    expect(positionToString(at(12n, 345n))).toBe('12/345')
    expect(positionFromString('0/0')).toEqual(at(0n, 0n))
  })

  test('refuse a string that is not a position', () => {
    for (const bad of ['', '12', '12/', '/3', '1/2/3', '-1/2', 'a/b', ' 1/2']) {
      expect(() => positionFromString(bad)).toThrow(/Not an event-store position/)
    }
  })
})
