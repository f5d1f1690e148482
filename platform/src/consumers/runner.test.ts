import type { RecordedEvent } from '@prizes/event-store'
import { createInMemoryEventStore } from '@prizes/event-store/testing'
import { describe, expect, test, vi } from 'vitest'
import { createLogger } from '../logger'
import { startConsumer } from './runner'

const logger = createLogger({ level: 'silent' })
const labels = (events: readonly RecordedEvent[]) => events.map((e) => (e.data as { label: string }).label)

async function setUp() {
  const store = createInMemoryEventStore()
  const append = async (type: string, label: string) =>
    (await store.append(`thing-${label}`, [{ type, data: { label } }], { expectedRevision: 'any' })).position
  return { store, append }
}

describe('startConsumer', () => {
  test('hands over the events its members handle, from the earliest checkpoint, in order', async () => {
    const { store, append } = await setUp()
    const a = await append('Wanted', 'a')
    await append('Other', 'x')
    await append('Wanted', 'b')
    const seen: string[] = []
    const consumer = startConsumer({
      store,
      logger,
      kind: 'test',
      members: [{ name: 'late', filter: { eventTypes: ['Wanted'] }, from: a }],
      batchSize: 10,
      retryDelayMs: 1,
      maxRetryDelayMs: 1,
      async handle(batch, context) {
        seen.push(...labels(batch))
        const last = batch.at(-1)
        if (last) context.advance('late', last.position)
      },
    })
    const c = await append('Wanted', 'c')
    await consumer.waitForPosition(c, { timeoutMs: 1000 })
    await consumer.stop()
    expect(seen).toEqual(['b', 'c'])
  })

  test('a batch that fails reopens the subscription from where the members got to: nothing skipped', async () => {
    const { store, append } = await setUp()
    let failures = 1
    const seen: string[] = []
    const consumer = startConsumer({
      store,
      logger,
      kind: 'test',
      members: [{ name: 'flaky', filter: { eventTypes: ['Wanted'] }, from: 'start' }],
      batchSize: 1,
      retryDelayMs: 1,
      maxRetryDelayMs: 1,
      async handle(batch, context) {
        for (const event of batch) {
          const label = (event.data as { label: string }).label
          if (label === 'b' && failures > 0) {
            failures -= 1
            throw new Error('not now')
          }
          seen.push(label)
          context.advance('flaky', event.position)
        }
      },
    })
    await append('Wanted', 'a')
    await append('Wanted', 'b')
    const c = await append('Wanted', 'c')
    await consumer.waitForPosition(c, { timeoutMs: 1000 })
    await consumer.stop()
    expect(seen).toEqual(['a', 'b', 'c'])
  })

  test('a halted member is no longer waited for, and with every member halted the subscription ends', async () => {
    const { store, append } = await setUp()
    let closed = 0
    const subscribe = store.subscribeToAll.bind(store)
    store.subscribeToAll = (options) => {
      const subscription = subscribe(options)
      return {
        [Symbol.asyncIterator]: () => subscription[Symbol.asyncIterator](),
        async close() {
          closed += 1
          await subscription.close()
        },
      }
    }
    const consumer = startConsumer({
      store,
      logger,
      kind: 'test',
      members: [{ name: 'stuck', filter: { eventTypes: ['Wanted'] }, from: 'start' }],
      batchSize: 10,
      retryDelayMs: 1,
      maxRetryDelayMs: 1,
      async handle(_batch, context) {
        context.halt('stuck')
      },
    })
    const a = await append('Wanted', 'a')
    await expect(consumer.waitForPosition(a, { timeoutMs: 1000 })).resolves.toBeUndefined()
    await vi.waitFor(() => expect(closed).toBeGreaterThan(0))
    await consumer.stop()
  })
})
