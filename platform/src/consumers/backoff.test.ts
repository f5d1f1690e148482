import { expect, test } from 'vitest'
import { backoffDelay, sleep } from './backoff'

test('retry delays double from the first and stop at the cap', () => {
  expect([0, 1, 2, 3, 10, 1000].map((n) => backoffDelay(n, 100, 1000))).toEqual([
    100, 200, 400, 800, 1000, 1000,
  ])
})

test('an abort ends a sleep early', async () => {
  const controller = new AbortController()
  const started = performance.now()
  const sleeping = sleep(10_000, controller.signal)
  controller.abort()
  await sleeping
  expect(performance.now() - started).toBeLessThan(1000)
})
