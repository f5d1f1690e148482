import { describe, expect, test } from 'vitest'
import { hashesOfSearchWord, hashSearchTerm, searchTermsOf, searchWordsOf } from './search-terms'

const person = { firstName: 'Ada', lastName: 'King-Lovelace Byron', email: 'Ada@Example.com' }

describe('search terms', () => {
  test('prefixes of every name word and of the lower-cased email', () => {
    const terms = searchTermsOf(person)
    expect(terms).toEqual(
      expect.arrayContaining(['n:a', 'n:ada', 'n:king-love', 'n:byron', 'e:ada@ex', 'e:ada@example.com']),
    )
    expect(terms).not.toContain('n:lovelace')
  })

  test('a search word is found as a name prefix or an email prefix, under the same key only', () => {
    const key = Buffer.alloc(32, 1)
    const stored = new Set(searchTermsOf(person).map((term) => hashSearchTerm(key, term)))
    for (const word of searchWordsOf('  ADA  ada@exam  byr ')) {
      expect(
        hashesOfSearchWord(key, word).some((hash) => stored.has(hash)),
        word,
      ).toBe(true)
    }
    expect(hashesOfSearchWord(Buffer.alloc(32, 2), 'ada').some((hash) => stored.has(hash))).toBe(false)
    expect(searchWordsOf('   ')).toEqual([])
    expect(searchWordsOf('a b c d e f g')).toHaveLength(5)
  })
})
