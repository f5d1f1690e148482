import { describe, expect, it } from 'vitest'
import { retryDelay } from './outbox-sender'

describe('retryDelay', () => {
  it('waits the initial delay after the first failure and doubles it after each next one', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ])
  })

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelay(8, 30_000, 3_600_000)).toBe(3_600_000)
    expect(retryDelay(10_000, 30_000, 3_600_000)).toBe(3_600_000)
  })
})
