import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keyedTimers, maxTimerMs } from './keyed-timers'

const day = 86_400_000

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('keyedTimers', () => {
  it('never asks setTimeout for more than 24 days, and fires a date 60 days off on time', () => {
    const spy = vi.spyOn(globalThis, 'setTimeout')
    const timers = keyedTimers(() => new Date())
    const fired: string[] = []
    timers.at('a', new Date(Date.now() + 60 * day), () => fired.push('a'))
    expect(spy.mock.calls.at(-1)?.[1]).toBe(maxTimerMs)
    expect(maxTimerMs).toBeLessThan(2 ** 31)
    vi.advanceTimersByTime(59 * day)
    expect(fired).toEqual([])
    for (const call of spy.mock.calls) expect(call[1]).toBeLessThanOrEqual(maxTimerMs)
    vi.advanceTimersByTime(day - 1)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual(['a'])
    vi.advanceTimersByTime(100 * day)
    expect(fired).toEqual(['a'])
    spy.mockRestore()
  })

  it('fires a moment already past at once; a new timer for a key replaces the old; cancel stops them', () => {
    const timers = keyedTimers(() => new Date())
    const fired: string[] = []
    timers.at('past', new Date(Date.now() - day), () => fired.push('past'))
    timers.at('b', new Date(Date.now() + 1000), () => fired.push('b-old'))
    timers.at('b', new Date(Date.now() + 2000), () => fired.push('b'))
    timers.at('c', new Date(Date.now() + 1000), () => fired.push('c'))
    timers.at('d', new Date(Date.now() + 1000), () => fired.push('d'))
    timers.cancel('c')
    vi.advanceTimersByTime(0)
    expect(fired).toEqual(['past'])
    vi.advanceTimersByTime(2000)
    expect(fired).toEqual(['past', 'd', 'b'])
    timers.at('e', new Date(Date.now() + 1000), () => fired.push('e'))
    timers.cancelAll()
    vi.advanceTimersByTime(5000)
    expect(fired).toEqual(['past', 'd', 'b'])
  })
})
