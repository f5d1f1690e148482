import { randomUUID } from 'node:crypto'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { describeEventStoreContract } from './contract'
import { collect, newEvent, unique, waitUntil } from './contract/harness'
import { createEventStoreDbEventStore } from './eventstoredb'
import { comparePositions, WrongExpectedVersion } from './port'
import {
  appendEvents,
  createPostgresEventStore,
  notifyAppended,
  type PostgresEventStoreOptions,
} from './postgres'

/** Sessions of this database waiting on a lock. */
async function lockWaiters(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  )
  return rows[0]?.n ?? 0
}

/** The store's LISTEN connections. */
async function listeners(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and query ilike 'listen%'`,
  )
  return rows[0]?.n ?? 0
}

/**
 * The store's live tail, which every caught-up subscription takes its events from, has read
 * the log three more times: whatever those reads could hand out has been handed out.
 */
async function tailReadAgain(store: { tailReads(): number }): Promise<void> {
  const reads = store.tailReads()
  await waitUntil(() => store.tailReads() >= reads + 3, 'the tail read the log three more times')
}

/** A migrated store on a fresh database; options tune it for one test. */
async function postgresStore(options: Omit<PostgresEventStoreOptions, 'connectionString'> = {}) {
  const database = await createTestDatabase('event_store')
  const store = createPostgresEventStore({ ...options, connectionString: database.url })
  await store.migrate()
  return {
    store,
    database,
    dispose: async () => {
      await store.close()
      await database.drop()
    },
  }
}

describeEventStoreContract('PostgreSQL', () => postgresStore())

const eventStoreUrl = process.env.EVENTSTORE_URL
if (eventStoreUrl) {
  describeEventStoreContract('EventStoreDB', async () => {
    const store = createEventStoreDbEventStore({ connectionString: eventStoreUrl })
    return { store, dispose: () => store.close() }
  })
} else {
  console.log('EventStoreDB contract suite skipped: EVENTSTORE_URL is not set')
}

describe('PostgreSQL adapter', () => {
  let setup: Awaited<ReturnType<typeof postgresStore>>
  const warnings: string[] = []
  // With a poll this slow, live events below can only arrive through NOTIFY or the held-back re-read.
  beforeAll(async () => {
    setup = await postgresStore({
      subscriptions: { pollIntervalMs: 60_000 },
      logger: { warn: (_, m) => warnings.push(m) },
    })
  })
  afterAll(() => setup.dispose())

  test('migrate is idempotent, even run concurrently, and keeps the events', async () => {
    const stream = unique('migrate')
    await setup.store.append(stream, [newEvent('Kept')], { expectedRevision: 'noStream' })
    await Promise.all([setup.store.migrate(), setup.store.migrate()])
    await setup.store.migrate()
    expect((await setup.store.readStream(stream)).map((e) => e.type)).toEqual(['Kept'])
  })

  test('a batch containing an event id already used writes nothing and leaves the stream free', async () => {
    const used = randomUUID()
    await setup.store.append(unique('other'), [{ ...newEvent('Used'), id: used }], {
      expectedRevision: 'noStream',
    })
    const stream = unique('atomic')
    const batch = [newEvent('A'), { ...newEvent('B'), id: used }, newEvent('C')]
    await expect(setup.store.append(stream, batch, { expectedRevision: 'noStream' })).rejects.toThrow(
      /event_id/,
    )
    expect(await setup.store.readStream(stream)).toEqual([])
    const retried = await setup.store.append(stream, [newEvent('A')], { expectedRevision: 'noStream' })
    expect(retried.nextExpectedRevision).toBe(0n)
  })

  test('an append waits for a concurrent one on the same stream, then sees its revision', async () => {
    const stream = unique('lock')
    await setup.store.append(stream, [newEvent('Opened')], { expectedRevision: 'noStream' })
    const first = new pg.Client({ connectionString: setup.database.url })
    await first.connect()
    try {
      await first.query('begin')
      await appendEvents(first, stream, [newEvent('First')], 0n)
      // Settled into a value at once, so its rejection is never momentarily unhandled.
      const second = setup.store.append(stream, [newEvent('Second')], { expectedRevision: 0n }).then(
        () => 'appended',
        (error: unknown) => error,
      )
      // The second append is queued behind the first transaction's lock on the stream.
      await waitUntil(
        async () => (await lockWaiters(setup.store.pool)) > 0,
        'the second append waits on a lock',
      )
      await first.query('commit')
      const outcome = await second
      expect(outcome).toBeInstanceOf(WrongExpectedVersion)
      expect(outcome).toHaveProperty('actual', 1n)
    } finally {
      await first.end()
    }
    expect((await setup.store.readStream(stream)).map((e) => e.type)).toEqual(['Opened', 'First'])
  })

  test('event data and metadata of any shape come back exactly as appended', async () => {
    const stream = unique('shapes')
    const awkward = { text: 'quote " backslash \\ brace {} comma , é 😀', list: [1, null, '{"a":1}'] }
    const appended = [
      { type: 'Awkward', data: awkward, metadata: { note: 'a\\"b' } },
      { type: 'Bare', data: null },
      { type: 'Scalar', data: 'just "text"' },
    ]
    await setup.store.append(stream, appended, { expectedRevision: 'noStream' })
    const events = await setup.store.readStream(stream)
    expect(events.map((e) => [e.type, e.data, e.metadata])).toEqual([
      ['Awkward', awkward, { note: 'a\\"b' }],
      ['Bare', null, {}],
      ['Scalar', 'just "text"', {}],
    ])
  })

  test('the append result carries the position of its last event', async () => {
    const stream = unique('position')
    const result = await setup.store.append(stream, [newEvent('A'), newEvent('B')], {
      expectedRevision: 'noStream',
    })
    const events = await setup.store.readStream(stream)
    expect(result.position).toEqual(events[1]?.position)
  })

  test('a live event arrives through NOTIFY, long before the safety poll', async () => {
    const prefix = unique('notify')
    const subscription = collect(
      setup.store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } }),
    )
    try {
      // Caught up and waiting: the LISTEN connection is up and a first event came through.
      await waitUntil(async () => (await listeners(setup.store.pool)) === 1, 'LISTEN is active')
      await setup.store.append(`${prefix}-0`, [newEvent('First')], { expectedRevision: 'noStream' })
      await subscription.waitFor(1, 5_000)
      const appendedAt = Date.now()
      await setup.store.append(`${prefix}-1`, [newEvent('Rang')], { expectedRevision: 'noStream' })
      await subscription.waitFor(2, 1_000)
      expect(Date.now() - appendedAt).toBeLessThan(1_000)
    } finally {
      await subscription.close()
    }
  })
  test('the LISTEN connection comes back after the server drops it', async () => {
    const prefix = unique('reconnect')
    const subscription = collect(
      setup.store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } }),
    )
    try {
      await waitUntil(async () => (await listeners(setup.store.pool)) === 1, 'LISTEN is active')
      const { rowCount } = await setup.store.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'listen%'`,
      )
      expect(rowCount).toBe(1)
      await waitUntil(
        () => warnings.includes('event store LISTEN connection lost; reconnecting'),
        'the loss is noticed',
      )
      await waitUntil(async () => (await listeners(setup.store.pool)) === 1, 'LISTEN is back')
      await setup.store.append(`${prefix}-1`, [newEvent('Rang')], { expectedRevision: 'noStream' })
      await subscription.waitFor(1, 1_000)
    } finally {
      await subscription.close()
    }
  })
})

describe('PostgreSQL late commit: a transaction that commits after a later one', () => {
  let setup: Awaited<ReturnType<typeof postgresStore>>
  let writers: pg.Client[] = []
  beforeAll(async () => {
    setup = await postgresStore({ subscriptions: { pollIntervalMs: 60_000 } })
  })
  afterEach(async () => {
    await Promise.all(writers.map((client) => client.end()))
    writers = []
  })
  afterAll(() => setup.dispose())

  async function openWriter(database: TestDatabase): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    writers.push(client)
    await client.query('begin')
    return client
  }

  test('is still delivered, in order, never skipped', async () => {
    const prefix = unique('late')
    const filter = { streamPrefixes: [prefix] }
    await setup.store.append(`${prefix}-before`, [newEvent('Before')], { expectedRevision: 'noStream' })
    const live = collect(setup.store.subscribeToAll({ from: 'start', filter }))
    try {
      const [before] = await live.waitFor(1)
      if (!before) throw new Error('missing event')

      const a = await openWriter(setup.database)
      await appendEvents(a, `${prefix}-a`, [newEvent('A')], 'noStream')
      const b = await openWriter(setup.database)
      await appendEvents(b, `${prefix}-b`, [newEvent('B')], 'noStream')
      await b.query('commit')
      await notifyAppended(b)

      // B is committed and readable on its stream, yet $all must hold it back behind open A.
      expect((await setup.store.readStream(`${prefix}-b`)).map((e) => e.type)).toEqual(['B'])
      await tailReadAgain(setup.store)
      expect(live.received.map((e) => e.type)).toEqual(['Before'])
      expect(await setup.store.readAll({ from: before.position, limit: 10, filter })).toEqual([])

      await a.query('commit')
      await notifyAppended(a)
      const received = await live.waitFor(3, 2_000)
      expect(received.map((e) => e.type)).toEqual(['Before', 'A', 'B'])
      const [, eventA, eventB] = received
      if (!eventA || !eventB) throw new Error('missing event')
      // A took the lower sequence number but committed last: a reader ordered by sequence alone,
      // having passed B, would never have seen A.
      expect(eventA.position.prepare < eventB.position.prepare).toBe(true)
      expect(eventA.position.commit < eventB.position.commit).toBe(true)
      // Nothing delivered twice: the next event is the next one received.
      await setup.store.append(`${prefix}-c`, [newEvent('C')], { expectedRevision: 'noStream' })
      expect((await live.waitFor(4, 2_000)).map((e) => e.type)).toEqual(['Before', 'A', 'B', 'C'])

      const resumed = collect(setup.store.subscribeToAll({ from: before.position, filter }))
      const replayed = await resumed.waitFor(2).finally(() => resumed.close())
      expect(replayed.map((e) => e.id)).toEqual([eventA.id, eventB.id])
      expect(comparePositions(before.position, eventA.position)).toBe(-1)
    } finally {
      await live.close()
    }
  })

  test('is delivered soon after an older transaction rolls back, with no notification to wake it', async () => {
    const prefix = unique('rollback')
    const live = collect(setup.store.subscribeToAll({ from: 'start', filter: { streamPrefixes: [prefix] } }))
    try {
      const a = await openWriter(setup.database)
      await appendEvents(a, `${prefix}-a`, [newEvent('A')], 'noStream')
      const b = await openWriter(setup.database)
      await appendEvents(b, `${prefix}-b`, [newEvent('B')], 'noStream')
      await b.query('commit')
      await notifyAppended(b)
      await tailReadAgain(setup.store)
      expect(live.received).toEqual([])

      await a.query('rollback')
      const rolledBackAt = Date.now()
      const received = await live.waitFor(1, 2_000)
      expect(received.map((e) => e.type)).toEqual(['B'])
      expect(Date.now() - rolledBackAt).toBeLessThan(1_000)
      await setup.store.append(`${prefix}-c`, [newEvent('C')], { expectedRevision: 'noStream' })
      expect((await live.waitFor(2, 2_000)).map((e) => e.type)).toEqual(['B', 'C'])
    } finally {
      await live.close()
    }
  })
})
