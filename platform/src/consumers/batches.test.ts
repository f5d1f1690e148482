import { competitionStream } from '@prizes/contracts'
import { createInMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, test } from 'vitest'
import { readBatches } from './batches'

const append = (store: ReturnType<typeof createInMemoryEventStore>, count: number) =>
  store.append(
    competitionStream('c'),
    Array.from({ length: count }, (_, i) => ({ type: 'Happened', data: { i } })),
    { expectedRevision: 'any' },
  )

describe('readBatches', () => {
  test('groups what is already there, up to the maximum, then hands a live event over alone', async () => {
    const store = createInMemoryEventStore()
    await append(store, 7)
    const subscription = store.subscribeToAll({ from: 'start' })
    const batches = readBatches(subscription, 3)

    const sizes: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const next = await batches.next()
      sizes.push(next.done ? 0 : next.value.length)
    }
    expect(sizes).toEqual([3, 3, 1])

    const live = batches.next()
    await append(store, 1)
    const next = await live
    expect(next.done ? [] : next.value.map((e) => e.data)).toEqual([{ i: 0 }])

    const ended = batches.next()
    await subscription.close()
    expect((await ended).done).toBe(true)
  })

  test('a failing subscription fails the batches', async () => {
    async function* failing() {
      yield* []
      throw new Error('connection lost')
    }
    await expect(readBatches(failing(), 10).next()).rejects.toThrow('connection lost')
  })
})
