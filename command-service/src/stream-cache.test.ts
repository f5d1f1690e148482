import { describe, expect, it } from 'vitest'
import { createStreamCache } from './stream-cache'

const owner = {}

describe('stream cache', () => {
  it('returns what was stored for the same owner only', () => {
    const cache = createStreamCache(10)
    cache.set('s-1', owner, { state: 'folded', revision: 3n })
    expect(cache.get('s-1', owner)).toEqual({ state: 'folded', revision: 3n })
    expect(cache.get('s-1', {})).toBeUndefined()
  })

  it('forgets the least recently used stream beyond its bound', () => {
    const cache = createStreamCache(2)
    cache.set('a', owner, { state: 1, revision: 0n })
    cache.set('b', owner, { state: 2, revision: 0n })
    cache.get('a', owner)
    cache.set('c', owner, { state: 3, revision: 0n })
    expect(cache.size).toBe(2)
    expect(cache.get('b', owner)).toBeUndefined()
    expect(cache.get('a', owner)).toBeDefined()
    expect(cache.get('c', owner)).toBeDefined()
  })

  it('forgets every stream when cleared (the log was wiped)', () => {
    const cache = createStreamCache(10)
    cache.set('a', owner, { state: 1, revision: 4n })
    cache.clear()
    expect(cache.size).toBe(0)
    expect(cache.get('a', owner)).toBeUndefined()
  })

  it('keeps nothing when the bound is zero', () => {
    const cache = createStreamCache(0)
    cache.set('a', owner, { state: 1, revision: 0n })
    expect(cache.size).toBe(0)
  })
})
