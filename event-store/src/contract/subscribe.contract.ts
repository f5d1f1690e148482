import { describe, expect, test } from 'vitest'
import { comparePositions, positionFromString, positionToString, type RecordedEvent } from '../port'
import { collect, newEvent, type StoreAccess, sleep, unique } from './harness'

export function subscribeContract(store: StoreAccess) {
  describe('subscribing to $all', () => {
    test('delivers the history from the start, then live events, in one order', async () => {
      const prefix = unique('sub')
      await store().append(`${prefix}-a`, [newEvent('One'), newEvent('Two')], {
        expectedRevision: 'noStream',
      })
      const subscription = collect(
        store().subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } }),
      )
      try {
        await subscription.waitFor(2)
        await store().append(`${prefix}-b`, [newEvent('Three')], { expectedRevision: 'noStream' })
        await store().append(`${prefix}-a`, [newEvent('Four')], { expectedRevision: 1n })
        const received = await subscription.waitFor(4)
        expect(received.map((e) => `${e.streamId.slice(prefix.length)}:${e.type}:${e.revision}`)).toEqual([
          '-a:One:0',
          '-a:Two:1',
          '-b:Three:0',
          '-a:Four:2',
        ])
        expectStrictlyIncreasing(received)
        // The next event appended is the next one received: nothing came twice in between.
        await store().append(`${prefix}-b`, [newEvent('Five')], { expectedRevision: 0n })
        expect((await subscription.waitFor(5)).map((e) => e.type)).toEqual([
          'One',
          'Two',
          'Three',
          'Four',
          'Five',
        ])
      } finally {
        await subscription.close()
      }
    })

    test('resumes from a stored position with no gap and no repeat', async () => {
      const prefix = unique('resume')
      const filter = { streamPrefixes: [prefix] }
      for (const type of ['E1', 'E2', 'E3']) {
        await store().append(`${prefix}-${type}`, [newEvent(type)], { expectedRevision: 'noStream' })
      }
      const first = collect(store().subscribeToAll({ from: 'start', filter }))
      const [, handled] = await first.waitFor(2)
      await first.close()
      if (!handled) throw new Error('missing event')
      const stored = positionToString(handled.position)

      await store().append(`${prefix}-E4`, [newEvent('E4')], { expectedRevision: 'noStream' })
      const resumed = collect(store().subscribeToAll({ from: positionFromString(stored), filter }))
      try {
        await store().append(`${prefix}-E5`, [newEvent('E5')], { expectedRevision: 'noStream' })
        const received = await resumed.waitFor(3)
        expect(received.map((e) => e.type)).toEqual(['E3', 'E4', 'E5'])
        expect(comparePositions(handled.position, received[0]?.position ?? handled.position)).toBe(-1)
        await store().append(`${prefix}-E6`, [newEvent('E6')], { expectedRevision: 'noStream' })
        expect((await resumed.waitFor(4)).map((e) => e.type)).toEqual(['E3', 'E4', 'E5', 'E6'])
      } finally {
        await resumed.close()
      }
    })

    test('filters by stream prefix', async () => {
      const prefix = unique('filter')
      const subscription = collect(
        store().subscribeToAll({ from: 'start', filter: { streamPrefixes: [`${prefix}-cart`] } }),
      )
      try {
        await store().append(`${prefix}-order-1`, [newEvent('Ordered')], { expectedRevision: 'any' })
        await store().append(`${prefix}-cart-1`, [newEvent('Added')], { expectedRevision: 'any' })
        await store().append(`${prefix}-order-1`, [newEvent('Paid')], { expectedRevision: 'any' })
        await store().append(`${prefix}-cart-2`, [newEvent('Added')], { expectedRevision: 'any' })
        const received = await subscription.waitFor(2)
        expect(received.map((e) => e.streamId)).toEqual([`${prefix}-cart-1`, `${prefix}-cart-2`])
        // Delivered in log order: had the order stream leaked, it would come before this one.
        await store().append(`${prefix}-order-1`, [newEvent('Shipped')], { expectedRevision: 'any' })
        await store().append(`${prefix}-cart-3`, [newEvent('Added')], { expectedRevision: 'any' })
        expect((await subscription.waitFor(3)).map((e) => e.streamId)).toEqual([
          `${prefix}-cart-1`,
          `${prefix}-cart-2`,
          `${prefix}-cart-3`,
        ])
      } finally {
        await subscription.close()
      }
    })

    test('filters by exact event type', async () => {
      const tag = unique('T')
      const [wanted, longer, other] = [`Wanted${tag}`, `Wanted${tag}Not`, `Other${tag}`]
      const subscription = collect(
        store().subscribeToAll({ from: 'start', filter: { eventTypes: [wanted] } }),
      )
      try {
        const stream = unique('types')
        await store().append(stream, [newEvent(other), newEvent(wanted, { n: 1 }), newEvent(longer)], {
          expectedRevision: 'noStream',
        })
        await store().append(stream, [newEvent(wanted, { n: 2 })], { expectedRevision: 2n })
        const received = await subscription.waitFor(2)
        expect(received.map((e) => [e.type, e.data])).toEqual([
          [wanted, { n: 1 }],
          [wanted, { n: 2 }],
        ])
        await store().append(stream, [newEvent(longer), newEvent(wanted, { n: 3 })], { expectedRevision: 3n })
        expect((await subscription.waitFor(3)).map((e) => [e.type, e.data])).toEqual([
          [wanted, { n: 1 }],
          [wanted, { n: 2 }],
          [wanted, { n: 3 }],
        ])
      } finally {
        await subscription.close()
      }
    })

    test('close ends the iteration', async () => {
      const subscription = store().subscribeToAll({
        from: 'start',
        filter: { streamPrefixes: [unique('none')] },
      })
      const consumed = (async () => {
        let count = 0
        for await (const _ of subscription) count++
        return count
      })()
      await sleep(50)
      await subscription.close()
      await expect(consumed).resolves.toBe(0)
    })
  })
}

function expectStrictlyIncreasing(events: RecordedEvent[]) {
  for (let i = 1; i < events.length; i++) {
    const [before, after] = [events[i - 1], events[i]]
    if (!before || !after) throw new Error('missing event')
    expect(comparePositions(before.position, after.position)).toBe(-1)
  }
}
