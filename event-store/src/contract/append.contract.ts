import { describe, expect, test } from 'vitest'
import { WrongExpectedVersion } from '../port'
import { newEvent, type StoreAccess, unique } from './harness'

/** Appends racing each other in the concurrency tests; fits in the PostgreSQL pool of ten. */
const racers = 8

export function appendContract(store: StoreAccess) {
  describe('append with an expected revision', () => {
    test('noStream accepts a new stream and refuses an existing one', async () => {
      const stream = unique('append')
      const first = await store().append(stream, [newEvent('A'), newEvent('B')], {
        expectedRevision: 'noStream',
      })
      expect(first.nextExpectedRevision).toBe(1n)

      const again = store().append(stream, [newEvent('C')], { expectedRevision: 'noStream' })
      await expect(again).rejects.toThrow(WrongExpectedVersion)
      await expect(again).rejects.toHaveProperty('actual', 1n)
    })

    test('streamExists accepts an existing stream and refuses a missing one', async () => {
      const stream = unique('append')
      const missing = store().append(stream, [newEvent('A')], { expectedRevision: 'streamExists' })
      await expect(missing).rejects.toThrow(WrongExpectedVersion)
      await expect(missing).rejects.toHaveProperty('actual', 'noStream')

      await store().append(stream, [newEvent('A')], { expectedRevision: 'noStream' })
      const next = await store().append(stream, [newEvent('B')], { expectedRevision: 'streamExists' })
      expect(next.nextExpectedRevision).toBe(1n)
    })

    test('any accepts both a missing and an existing stream', async () => {
      const stream = unique('append')
      const first = await store().append(stream, [newEvent('A')], { expectedRevision: 'any' })
      const second = await store().append(stream, [newEvent('B')], { expectedRevision: 'any' })
      expect([first.nextExpectedRevision, second.nextExpectedRevision]).toEqual([0n, 1n])
    })

    test('an exact revision accepts the current one and refuses any other, naming the actual', async () => {
      const stream = unique('append')
      const onMissing = store().append(stream, [newEvent('A')], { expectedRevision: 0n })
      await expect(onMissing).rejects.toThrow(WrongExpectedVersion)
      await expect(onMissing).rejects.toHaveProperty('actual', 'noStream')

      await store().append(stream, [newEvent('A')], { expectedRevision: 'noStream' })
      const next = await store().append(stream, [newEvent('B')], { expectedRevision: 0n })
      expect(next.nextExpectedRevision).toBe(1n)

      const stale = store().append(stream, [newEvent('C')], { expectedRevision: 0n })
      await expect(stale).rejects.toThrow(WrongExpectedVersion)
      await expect(stale).rejects.toMatchObject({ streamId: stream, expected: 0n, actual: 1n })
      const ahead = store().append(stream, [newEvent('C')], { expectedRevision: 5n })
      await expect(ahead).rejects.toHaveProperty('actual', 1n)
    })

    test('of concurrent appends at the same expected revision exactly one wins', async () => {
      const stream = unique('race')
      await store().append(stream, [newEvent('Opened')], { expectedRevision: 'noStream' })
      await warmUp(store, racers)
      // Several rounds, because one round of a race proves little.
      for (let revision = 0n; revision < 10n; revision++) {
        const attempts = await Promise.allSettled(
          Array.from({ length: racers }, (_, n) =>
            store().append(stream, [newEvent(`Racer${n}`)], { expectedRevision: revision }),
          ),
        )
        const lost = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []))
        expect(lost).toHaveLength(racers - 1)
        for (const reason of lost) {
          expect(reason).toBeInstanceOf(WrongExpectedVersion)
          expect(reason).toHaveProperty('actual', revision + 1n)
        }
      }
      expect(await store().readStream(stream)).toHaveLength(11)
    })

    test('of concurrent appends creating one stream exactly one wins', async () => {
      const stream = unique('race')
      await warmUp(store, 3)
      const attempts = await Promise.allSettled(
        ['A', 'B', 'C'].map((type) =>
          store().append(stream, [newEvent(type)], { expectedRevision: 'noStream' }),
        ),
      )
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1)
      const events = await store().readStream(stream)
      expect(events.map((e) => e.revision)).toEqual([0n])
    })

    test('a refused multi-event append writes none of its events', async () => {
      const stream = unique('atomic')
      await store().append(stream, [newEvent('A')], { expectedRevision: 'noStream' })
      const batch = store().append(stream, [newEvent('B'), newEvent('C'), newEvent('D')], {
        expectedRevision: 'noStream',
      })
      await expect(batch).rejects.toThrow(WrongExpectedVersion)
      const events = await store().readStream(stream)
      expect(events.map((e) => e.type)).toEqual(['A'])
    })

    test('a multi-event append writes its events in order with consecutive revisions', async () => {
      const stream = unique('atomic')
      const result = await store().append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], {
        expectedRevision: 'noStream',
      })
      const events = await store().readStream(stream)
      expect(events.map((e) => [e.type, e.revision])).toEqual([
        ['A', 0n],
        ['B', 1n],
        ['C', 2n],
      ])
      expect(result.nextExpectedRevision).toBe(2n)
    })
  })
}

/** Opens connections in parallel first, so the racing appends really reach the server together. */
async function warmUp(store: StoreAccess, connections: number) {
  await Promise.all(Array.from({ length: connections }, () => store().readStream(unique('warm-up'))))
}
