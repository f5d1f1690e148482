import { describe, expect, test } from 'vitest'
import { laterEventPosition, parseEventPosition } from './read-your-writes'

describe('event positions in headers', () => {
  test('reads commit/prepare, and nothing else', () => {
    expect(parseEventPosition('812/40')).toEqual({ commit: 812n, prepare: 40n })
    expect(parseEventPosition('18446744073709551615/9223372036854775807')).toEqual({
      commit: 18446744073709551615n,
      prepare: 9223372036854775807n,
    })
    for (const bad of ['', '12', '1/2/3', '-1/2', '1/ 2', '1/2 ', 'a/b', `${'9'.repeat(21)}/1`]) {
      expect(parseEventPosition(bad)).toBeUndefined()
    }
  })

  test('the later of two positions orders by commit, then prepare, as numbers', () => {
    expect(laterEventPosition('9/100', '10/1')).toBe('10/1')
    expect(laterEventPosition('10/1', '9/100')).toBe('10/1')
    expect(laterEventPosition('10/2', '10/11')).toBe('10/11')
    expect(laterEventPosition(undefined, '10/1')).toBe('10/1')
    expect(laterEventPosition('10/1', 'garbage')).toBe('10/1')
    expect(laterEventPosition('garbage', undefined)).toBeUndefined()
  })
})
