import { describe, expect, it } from 'vitest'
import { describeEventStoreContract } from '../contract'
import { createInMemoryEventStore } from './in-memory-event-store'

describeEventStoreContract('in-memory', async () => {
  const store = createInMemoryEventStore()
  return { store, dispose: () => store.close() }
})

describe('in-memory event store', () => {
  it('keeps every event in log order for assertions, copied from what was appended', async () => {
    const store = createInMemoryEventStore()
    const data = { n: 1 }
    await store.append('a', [{ type: 'One', data }], { expectedRevision: 'noStream' })
    await store.append('b', [{ type: 'Two', data: { n: 2 } }], { expectedRevision: 'noStream' })
    data.n = 99
    expect(store.all.map((e) => [e.streamId, e.type, e.data, e.position.prepare])).toEqual([
      ['a', 'One', { n: 1 }, 1n],
      ['b', 'Two', { n: 2 }, 2n],
    ])
  })

  it('refuses an empty append, as the adapters do', async () => {
    await expect(createInMemoryEventStore().append('s', [], { expectedRevision: 'any' })).rejects.toThrow(
      'needs at least one event',
    )
  })

  it('closing the store ends its open subscriptions', async () => {
    const store = createInMemoryEventStore()
    const subscription = store.subscribeToAll({ from: 'start' })
    const consumed = (async () => {
      let count = 0
      for await (const _ of subscription) count++
      return count
    })()
    await store.append('s', [{ type: 'One', data: {} }], { expectedRevision: 'noStream' })
    await store.close()
    await expect(consumed).resolves.toBe(1)
  })
})
