import { describe, expect, it } from 'vitest'
import { reuseFor } from './cache'

describe('reuseFor', () => {
  it('computes once per period for every caller, then again', async () => {
    let now = 0
    let computed = 0
    const current = reuseFor(
      1000,
      async () => ++computed,
      () => now,
    )
    expect(await Promise.all([current(), current()])).toEqual([1, 1])
    now = 999
    expect(await current()).toBe(1)
    now = 1000
    expect(await current()).toBe(2)
  })

  it('keeps no failure: the next caller computes again', async () => {
    let calls = 0
    const current = reuseFor(
      1000,
      async () => {
        calls += 1
        if (calls === 1) throw new Error('database away')
        return calls
      },
      () => 0,
    )
    await expect(current()).rejects.toThrow('database away')
    expect(await current()).toBe(2)
  })
})
