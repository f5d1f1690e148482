import { pino } from 'pino'
import { describe, expect, test } from 'vitest'
import { createAfterAnswer } from './after-answer'

const deferred = () => {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('work after the answer', () => {
  test('starts without waiting for the work, and idle() waits for it', async () => {
    const after = createAfterAnswer(pino({ level: 'silent' }))
    const work = deferred()
    let finished = false
    await after.start('w', async () => {
      await work.promise
      finished = true
    })
    expect(finished).toBe(false)
    const idle = after.idle()
    work.resolve()
    await idle
    expect(finished).toBe(true)
  })

  test('a failure is logged, never thrown at the caller', async () => {
    const logged: string[] = []
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line).msg) })
    const after = createAfterAnswer(logger)
    await after.start('w', async () => {
      throw new Error('the database said no')
    })
    await after.idle()
    expect(logged).toEqual(['work after the answer failed'])
  })

  test('at most maxPending run at once: the next start waits for a place', async () => {
    const after = createAfterAnswer(pino({ level: 'silent' }), 2)
    const first = deferred()
    await after.start('a', () => first.promise)
    await after.start('b', () => new Promise<void>(() => {}))
    let third = false
    const starting = after
      .start('c', async () => {})
      .then(() => {
        third = true
      })
    await Promise.resolve()
    expect(third).toBe(false)
    first.resolve()
    await starting
    expect(third).toBe(true)
  })
})
