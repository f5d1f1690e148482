import { describe, expect, test } from 'vitest'
import { encodeExpectedRevision } from './append'
import { filterSql, likePrefix } from './read-all'

describe('likePrefix', () => {
  test('matches the prefix literally, escaping LIKE wildcards', () => {
    expect(likePrefix('competition-')).toBe('competition-%')
    expect(likePrefix('a_b%c\\d')).toBe('a\\_b\\%c\\\\d%')
  })
})

describe('filterSql', () => {
  test('adds nothing for an empty filter', () => {
    expect(filterSql({}, 4)).toEqual({ sql: '', params: [] })
    expect(filterSql({ streamPrefixes: [], eventTypes: [] }, 4)).toEqual({ sql: '', params: [] })
  })

  test('numbers its parameters from the first free one', () => {
    expect(filterSql({ streamPrefixes: ['user-'], eventTypes: ['UserRegistered'] }, 4)).toEqual({
      sql: ' and e.stream_id like any($4::text[]) and e.type = any($5::text[])',
      params: [['user-%'], ['UserRegistered']],
    })
    expect(filterSql({ eventTypes: ['A', 'B'] }, 4)).toEqual({
      sql: ' and e.type = any($4::text[])',
      params: [['A', 'B']],
    })
  })
})

describe('encodeExpectedRevision', () => {
  test('passes the named modes and writes revisions as decimal text', () => {
    expect(encodeExpectedRevision('noStream')).toBe('noStream')
    expect(encodeExpectedRevision('streamExists')).toBe('streamExists')
    expect(encodeExpectedRevision('any')).toBe('any')
    expect(encodeExpectedRevision(42n)).toBe('42')
  })

  test('refuses a negative revision', () => {
    expect(() => encodeExpectedRevision(-1n)).toThrow(RangeError)
  })
})
