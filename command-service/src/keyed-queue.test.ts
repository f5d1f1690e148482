import { describe, expect, it } from 'vitest'
import { createKeyedQueue } from './keyed-queue'

/** A promise the test settles by hand, to control interleavings exactly. */
function deferred<T = void>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('keyed queue', () => {
  it('runs tasks of one key one at a time, in the order they were queued', async () => {
    const queue = createKeyedQueue()
    const log: string[] = []
    const gates = [deferred(), deferred(), deferred()]
    const runs = gates.map((gate, i) =>
      queue.run('a', async () => {
        log.push(`start ${i}`)
        await gate.promise
        log.push(`end ${i}`)
        return i
      }),
    )
    await tick()
    expect(log).toEqual(['start 0'])
    // Releasing later tasks first must not let them overtake.
    gates[2]?.resolve()
    gates[1]?.resolve()
    await tick()
    expect(log).toEqual(['start 0'])
    gates[0]?.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2'])
  })

  it('runs different keys concurrently', async () => {
    const queue = createKeyedQueue()
    const blockA = deferred()
    const a = queue.run('a', () => blockA.promise.then(() => 'a'))
    const b = queue.run('b', async () => 'b')
    // b finishes while a is still blocked.
    expect(await b).toBe('b')
    await tick()
    expect(queue.activeKeys).toBe(1)
    blockA.resolve()
    expect(await a).toBe('a')
  })

  it('hands a failure to its caller and carries on with the next task', async () => {
    const queue = createKeyedQueue()
    const failing = queue.run('a', async () => {
      throw new Error('boom')
    })
    const next = queue.run('a', async () => 'after')
    await expect(failing).rejects.toThrow('boom')
    expect(await next).toBe('after')
  })

  it('also survives a task that throws before returning a promise', async () => {
    const queue = createKeyedQueue()
    const failing = queue.run('a', () => {
      throw new Error('sync boom')
    })
    await expect(failing).rejects.toThrow('sync boom')
    expect(await queue.run('a', async () => 1)).toBe(1)
  })

  it('forgets keys once idle', async () => {
    const queue = createKeyedQueue()
    await Promise.all([queue.run('a', async () => 1), queue.run('b', async () => 2)])
    await tick()
    expect(queue.activeKeys).toBe(0)
  })
})
