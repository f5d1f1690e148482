import { describe, expect, test } from 'vitest'
import { cachedLookup, type FindCompetitionPage } from './competition-lookup'
import { testCompetition } from './test-competition'

const page = (id: string) => testCompetition({ id })

/** A query service that counts its lookups; ids starting with `missing` do not exist. */
function counted(find?: FindCompetitionPage) {
  const calls: string[] = []
  const lookup: FindCompetitionPage = async (id, signal) => {
    calls.push(id)
    if (find) return find(id, signal)
    return id.startsWith('missing') ? null : page(id)
  }
  return { calls, lookup }
}

describe('the competition lookup of the gateway', () => {
  test('a flood of requests for one id costs one lookup; a missing one is remembered too', async () => {
    const service = counted()
    const cache = cachedLookup(service.lookup)
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.lookup('a')))
    expect(answers.every((answer) => answer.kind === 'found')).toBe(true)
    expect(await cache.lookup('a')).toMatchObject({ kind: 'found', value: { title: 'Competition a' } })
    expect(await cache.lookup('missing-1')).toEqual({ kind: 'missing' })
    expect(await cache.lookup('missing-1')).toEqual({ kind: 'missing' })
    expect(service.calls).toEqual(['a', 'missing-1'])
  })

  test('an answer is reused for the TTL only', async () => {
    let clock = 0
    const service = counted()
    const cache = cachedLookup(service.lookup, { ttlMs: 5000, now: () => clock })
    await cache.lookup('a')
    clock = 4999
    await cache.lookup('a')
    expect(service.calls).toHaveLength(1)
    clock = 5000
    await cache.lookup('a')
    expect(service.calls).toHaveLength(2)
  })

  test('the cache holds at most maxEntries ids, forgetting the least recently used', async () => {
    const service = counted()
    const cache = cachedLookup(service.lookup, { maxEntries: 3 })
    for (const id of ['a', 'b', 'c']) await cache.lookup(id)
    await cache.lookup('a') // now the most recently used
    await cache.lookup('d') // b goes
    expect(cache.size).toBe(3)
    service.calls.length = 0
    await cache.lookup('a')
    await cache.lookup('c')
    await cache.lookup('d')
    expect(service.calls).toEqual([])
    await cache.lookup('b')
    expect(service.calls).toEqual(['b'])
    for (let i = 0; i < 50; i += 1) await cache.lookup(`id-${i}`)
    expect(cache.size).toBe(3)
  })

  test('a service that does not answer in time: unknown (the plain page), the lookup aborted', async () => {
    let aborted = false
    const service = counted(
      (_, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true
            reject(signal.reason)
          })
        }),
    )
    const errors: unknown[] = []
    const cache = cachedLookup(service.lookup, { timeoutMs: 20, onError: (e) => errors.push(e) })
    expect(await cache.lookup('slow')).toEqual({ kind: 'unknown' })
    expect(aborted).toBe(true)
    expect(errors).toHaveLength(1)
  })

  test('a failure is unknown, remembered briefly so an outage is not asked again by every request', async () => {
    let clock = 0
    const service = counted(async () => {
      throw new Error('502 from the query service')
    })
    const cache = cachedLookup(service.lookup, { failureTtlMs: 1000, now: () => clock })
    expect(await cache.lookup('a')).toEqual({ kind: 'unknown' })
    expect(await cache.lookup('a')).toEqual({ kind: 'unknown' })
    expect(service.calls).toHaveLength(1)
    clock = 1000
    await cache.lookup('a')
    expect(service.calls).toHaveLength(2)
  })

  test('past maxInFlight lookups, a page is sent plain instead of queueing', async () => {
    const waiting: Array<() => void> = []
    const service = counted(
      (id) =>
        new Promise((resolve) => {
          waiting.push(() => resolve(page(id)))
        }),
    )
    const cache = cachedLookup(service.lookup, { maxInFlight: 2 })
    const first = cache.lookup('a')
    const second = cache.lookup('b')
    expect(await cache.lookup('c')).toEqual({ kind: 'unknown' })
    expect(service.calls).toEqual(['a', 'b'])
    for (const release of waiting) release()
    expect((await first).kind).toBe('found')
    expect((await second).kind).toBe('found')
  })
})
