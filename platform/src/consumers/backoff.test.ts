import { expect, test } from 'vitest'
import { backoffDelay, retryUntilDone, sleep } from './backoff'

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

test('a step is retried until it succeeds, each failure told with its wait', async () => {
  const failures: Array<[string, number, number]> = []
  let recovered: number | undefined
  let calls = 0
  const done = await retryUntilDone(
    async () => {
      calls += 1
      if (calls < 3) throw new Error(`failure ${calls}`)
    },
    {
      signal: new AbortController().signal,
      delayMs: (attempt) => backoffDelay(attempt, 1, 10),
      onFailure: (error, attempt, delayMs) =>
        void failures.push([(error as Error).message, attempt, delayMs]),
      onRecovered: (attempts) => {
        recovered = attempts
      },
    },
  )
  expect(done).toBe(true)
  expect(failures).toEqual([
    ['failure 1', 0, 1],
    ['failure 2', 1, 2],
  ])
  expect(recovered).toBe(2)
})

test('an abort ends the retrying, the step left undone', async () => {
  const controller = new AbortController()
  const done = retryUntilDone(
    async () => {
      throw new Error('never')
    },
    { signal: controller.signal, delayMs: () => 60_000, onFailure: () => controller.abort() },
  )
  await expect(done).resolves.toBe(false)
})
