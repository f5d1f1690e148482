import { describe, expect, it } from 'vitest'
import { emptyMap, mapOf, type PersistentMap } from './persistent-map'

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function lcg(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state
  }
}

describe('PersistentMap', () => {
  it('agrees with a Map over thousands of random sets and deletes, keeping every old version intact', () => {
    const next = lcg(7)
    let map: PersistentMap<number> = emptyMap()
    const model = new Map<string, number>()
    const versions: Array<{ map: PersistentMap<number>; model: Map<string, number> }> = []
    for (let i = 0; i < 20_000; i += 1) {
      const key = `k${next() % 3000}`
      if (next() % 4 === 0) {
        map = map.delete(key)
        model.delete(key)
      } else {
        map = map.set(key, i)
        model.set(key, i)
      }
      if (i % 2000 === 0) versions.push({ map, model: new Map(model) })
    }
    expect(map.size).toBe(model.size)
    for (const [key, value] of model) expect(map.get(key)).toBe(value)
    expect(new Map(map.entries())).toEqual(model)
    for (const version of versions) {
      expect(version.map.size).toBe(version.model.size)
      expect(new Map(version.map.entries())).toEqual(version.model)
    }
  })

  it('keeps keys whose 32-bit hashes collide apart', () => {
    // FNV-1a collisions found by search: distinct keys, equal hashes.
    const colliding = findCollision()
    const map = mapOf([
      [colliding[0], 1],
      [colliding[1], 2],
    ])
    expect(map.get(colliding[0])).toBe(1)
    expect(map.get(colliding[1])).toBe(2)
    const less = map.delete(colliding[0])
    expect(less.size).toBe(1)
    expect(less.get(colliding[0])).toBeUndefined()
    expect(less.get(colliding[1])).toBe(2)
  })

  it('builds from pairs in one go, and the built map then changes like any other', () => {
    const pairs = Array.from({ length: 10_000 }, (_, i) => [`id-${i % 9_000}`, i] as const)
    const built = mapOf(pairs)
    const model = new Map<string, number>(pairs)
    expect(built.size).toBe(model.size)
    expect(new Map(built.entries())).toEqual(model)
    const changed = built.set('id-1', -1).delete('id-2').set('new', 7)
    expect(changed.get('id-1')).toBe(-1)
    expect(changed.has('id-2')).toBe(false)
    expect(changed.size).toBe(model.size)
    expect(new Map(built.entries())).toEqual(model)
    expect(mapOf([]).size).toBe(0)
  })

  it('answers itself when deleting a key it does not hold, and counts a replaced key once', () => {
    const map = mapOf([['a', 1]])
    expect(map.delete('b')).toBe(map)
    expect(map.set('a', 2).size).toBe(1)
    expect(map.set('a', 2).get('a')).toBe(2)
    expect(map.get('a')).toBe(1)
  })
})

function fnv(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

function findCollision(): [string, string] {
  const seen = new Map<number, string>()
  for (let i = 0; ; i += 1) {
    const key = `c${i}`
    const hash = fnv(key)
    const other = seen.get(hash)
    if (other !== undefined) return [other, key]
    seen.set(hash, key)
  }
}
