import { createTestDatabase } from '@prizes/event-store/testing'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { collect, newEvent, unique } from './contract/harness'
import type { RecordedEvent } from './port'
import {
  appendEvents,
  createPostgresEventStore,
  notifyAppended,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres'

/** A migrated store on a fresh database that counts its reads of `$all` (`readAllPage`). */
async function countingStore(options: Omit<PostgresEventStoreOptions, 'connectionString'>) {
  const database = await createTestDatabase('event_store_tail')
  const store = createPostgresEventStore({ ...options, connectionString: database.url })
  await store.migrate()
  const counted = { reads: 0 }
  const query = store.pool.query.bind(store.pool)
  store.pool.query = ((...args: Parameters<typeof query>) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text
    if (text?.includes('with horizon')) counted.reads += 1
    return query(...args)
  }) as typeof store.pool.query
  return {
    store,
    database,
    counted,
    dispose: async () => {
      await store.close()
      await database.drop()
    },
  }
}

const waitUntil = async (condition: () => boolean, what: string, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const names = (events: readonly RecordedEvent[]) =>
  events.map((e) => `${e.streamId.split('-').at(-1)}:${e.type}`)

describe('PostgreSQL live tail: subscriptions that have caught up share one read of the log', () => {
  let setup: Awaited<ReturnType<typeof countingStore>>
  let store: PostgresEventStore
  // A poll this slow never fires during a test: progress comes from wake-ups and held-back re-reads.
  beforeAll(async () => {
    setup = await countingStore({ subscriptions: { pollIntervalMs: 60_000 } })
    store = setup.store
  })
  afterAll(() => setup.dispose())

  test('many subscriptions with different filters cost one query per append, not one each', async () => {
    const prefix = unique('many')
    const kinds = Array.from({ length: 8 }, (_, k) => `k${k}`)
    const subscriptions = kinds.map((kind, k) =>
      collect(
        store.subscribeToAll({
          from: 'start',
          // Half filter by stream, half by stream and type, as projections and reactors do.
          filter:
            k % 2 === 0
              ? { streamPrefixes: [`${prefix}-${kind}`] }
              : { streamPrefixes: [`${prefix}-${kind}`], eventTypes: ['Wanted'] },
        }),
      ),
    )
    try {
      const appended = kinds.map(() => ['Wanted'])
      for (const kind of kinds) {
        await store.append(`${prefix}-${kind}`, [newEvent('Wanted')], { expectedRevision: 'noStream' })
      }
      await Promise.all(subscriptions.map((s) => s.waitFor(1)))
      const readsBefore = setup.counted.reads
      const appends = 40
      for (let i = 0; i < appends; i++) {
        const k = i % kinds.length
        const type = i % 3 === 1 ? 'Other' : 'Wanted'
        appended[k]?.push(type)
        await store.append(`${prefix}-${kinds[k]}`, [newEvent(type)], {
          expectedRevision: BigInt(Math.floor(i / kinds.length)),
        })
      }
      for (const [k, subscription] of subscriptions.entries()) {
        const expected = (appended[k] ?? []).filter((type) => k % 2 === 0 || type === 'Wanted')
        const received = await subscription.waitFor(expected.length)
        expect(received.map((e) => e.type)).toEqual(expected)
        expect(received.every((e) => e.streamId === `${prefix}-${kinds[k]}`)).toBe(true)
      }
      const reads = setup.counted.reads - readsBefore
      // Each subscription querying on each wake-up would make about 8 × 40.
      expect(reads).toBeGreaterThan(0)
      expect(reads).toBeLessThanOrEqual(appends + kinds.length)
    } finally {
      await Promise.all(subscriptions.map((s) => s.close()))
    }
  })

  test('a subscription that falls behind the window reads the log, catches up and rejoins it', async () => {
    // A window of 5 events and pages of 3, so 20 events leave the stalled subscription behind.
    const small = await countingStore({
      subscriptions: { pollIntervalMs: 60_000, tailCapacity: 5, batchSize: 3 },
    })
    const store = small.store
    const prefix = unique('behind')
    const filter = { streamPrefixes: [prefix] }
    await store.append(`${prefix}-s`, [newEvent('E0')], { expectedRevision: 'noStream' })
    const stalled = store.subscribeToAll({ from: 'start', filter })[Symbol.asyncIterator]()
    const fast = collect(store.subscribeToAll({ from: 'start', filter }))
    try {
      expect((await stalled.next()).value?.type).toBe('E0')
      await fast.waitFor(1)
      // Four times the window, while the stalled one is not consuming.
      for (let i = 1; i <= 20; i++) {
        await store.append(`${prefix}-s`, [newEvent(`E${i}`)], { expectedRevision: BigInt(i - 1) })
      }
      const all = await fast.waitFor(21)
      const readsBefore = small.counted.reads
      const caughtUp: RecordedEvent[] = []
      while (caughtUp.length < 20) {
        const next = await stalled.next()
        if (next.done) throw new Error('the stalled subscription ended')
        caughtUp.push(next.value)
      }
      expect(caughtUp.map((e) => e.id)).toEqual(all.slice(1).map((e) => e.id))
      // The window held only the last 5: it read the 15 before them itself, in pages of 3.
      expect(small.counted.reads - readsBefore).toBeGreaterThanOrEqual(5)

      await store.append(`${prefix}-s`, [newEvent('E21')], { expectedRevision: 20n })
      expect((await stalled.next()).value?.type).toBe('E21')
      expect((await fast.waitFor(22)).at(-1)?.type).toBe('E21')
    } finally {
      await stalled.return?.(undefined)
      await fast.close()
      await small.dispose()
    }
  })

  test('when the shared reader fails, subscriptions read the log themselves and the reader restarts', async () => {
    const warnings: string[] = []
    const own = await countingStore({
      subscriptions: { pollIntervalMs: 60_000 },
      logger: { warn: (_, message) => warnings.push(message) },
    })
    const prefix = unique('fails')
    const subscription = collect(
      own.store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } }),
    )
    try {
      await own.store.append(`${prefix}-1`, [newEvent('First')], { expectedRevision: 'noStream' })
      await subscription.waitFor(1)
      // The next unfiltered read of $all (only the shared reader makes those) fails once.
      const query = own.store.pool.query.bind(own.store.pool)
      let failed = false
      own.store.pool.query = ((...args: Parameters<typeof query>) => {
        const [text, values] = args as unknown as [unknown, unknown[] | undefined]
        if (!failed && typeof text === 'string' && text.includes('with horizon') && values?.length === 3) {
          failed = true
          return Promise.reject(new Error('connection lost'))
        }
        return query(...args)
      }) as typeof own.store.pool.query
      await own.store.append(`${prefix}-1`, [newEvent('Second')], { expectedRevision: 0n })
      await own.store.append(`${prefix}-1`, [newEvent('Third')], { expectedRevision: 1n })
      const received = await subscription.waitFor(3)
      expect(received.map((e) => e.type)).toEqual(['First', 'Second', 'Third'])
      expect(failed).toBe(true)
      expect(warnings).toContain('event store live tail failed; subscriptions read the log')
      // The reader runs again.
      const tailReads = own.store.tailReads()
      await own.store.append(`${prefix}-1`, [newEvent('Fourth')], { expectedRevision: 2n })
      expect((await subscription.waitFor(4)).at(-1)?.type).toBe('Fourth')
      expect(own.store.tailReads()).toBeGreaterThan(tailReads)
    } finally {
      await subscription.close()
      await own.dispose()
    }
  })

  describe('with a transaction held open', () => {
    let writers: pg.Client[] = []
    afterEach(async () => {
      await Promise.all(writers.map((client) => client.end()))
      writers = []
    })

    async function openWriter(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: setup.database.url })
      await client.connect()
      writers.push(client)
      await client.query('begin')
      return client
    }

    test('holds back later commits from every subscription on the tail, then delivers in order', async () => {
      const prefix = unique('held')
      await store.append(`${prefix}-x`, [newEvent('Before')], { expectedRevision: 'noStream' })
      const onA = collect(
        store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [`${prefix}-a`] } }),
      )
      const onB = collect(
        store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [`${prefix}-b`] } }),
      )
      const onAll = collect(store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } }))
      try {
        await onAll.waitFor(1)
        const a = await openWriter()
        await appendEvents(a, `${prefix}-a`, [newEvent('A')], 'noStream')
        const b = await openWriter()
        await appendEvents(b, `${prefix}-b`, [newEvent('B')], 'noStream')
        await b.query('commit')
        await notifyAppended(b)

        // B is committed; the tail keeps re-reading while it is held back, and hands out nothing.
        const tailReads = store.tailReads()
        await waitUntil(() => store.tailReads() >= tailReads + 3, 'the tail re-read three times')
        expect(names(onAll.received)).toEqual(['x:Before'])
        expect(onA.received).toEqual([])
        expect(onB.received).toEqual([])

        await a.query('commit')
        expect(names(await onAll.waitFor(3, 2_000))).toEqual(['x:Before', 'a:A', 'b:B'])
        expect(names(await onA.waitFor(1, 2_000))).toEqual(['a:A'])
        expect(names(await onB.waitFor(1, 2_000))).toEqual(['b:B'])
      } finally {
        await Promise.all([onA.close(), onB.close(), onAll.close()])
      }
    })
  })
})
