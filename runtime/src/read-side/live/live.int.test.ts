import { randomUUID } from 'node:crypto'
import { type CompetitionChange, competitionStream, endpoints } from '@prizes/contracts'
import { createLogger, sessionKeys } from '@prizes/platform'
import {
  openEventStream,
  type ReceivedEvent,
  type Served,
  serve,
  startTcpProxy,
} from '@prizes/platform/testing'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import {
  type CompetitionStreamEvent,
  competitionDetails,
  competitionEvent,
  createReadSideTestDatabase,
  type ReadSideTestDatabase,
} from '@prizes/projections/testing'
import type { LiveLimits } from '@prizes/query-service'
import { createQueryApp, type LiveCompetitions, startLiveCompetitions } from '@prizes/query-service'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'

const logger = createLogger({ level: 'silent' })
let db: ReadSideTestDatabase
let projections: RunningProjections

interface Instance {
  readonly live: LiveCompetitions
  readonly served: Served
}
const instances: Instance[] = []

/** One query service as a process would run it: its own LISTEN connection and HTTP server. */
async function instance(limits: Partial<LiveLimits> = {}): Promise<Instance> {
  const live = startLiveCompetitions({ connectionString: db.url, logger, limits })
  // Public endpoints only: the session secret is never used here.
  const app = createQueryApp({ knex: db.knex, logger, secret: sessionKeys(Buffer.alloc(32)), live })
  const served = await serve(app.callback())
  const started = { live, served }
  instances.push(started)
  await vi.waitFor(() => expect(live.listening).toBe(true), { timeout: 10_000 })
  return started
}

beforeAll(async () => {
  db = await createReadSideTestDatabase('query_live')
  projections = await startProjections({
    store: db.store,
    knex: db.knex,
    logger,
    projections: allProjections,
  })
})
afterEach(async () => {
  for (const { live, served } of instances.splice(0)) {
    await live.close()
    await served.close()
  }
})
afterAll(async () => {
  await projections.stop()
  await db.drop()
})

/** Events → the real projection (which announces what changed) → the streams. */
async function given(id: string, events: CompetitionStreamEvent[]) {
  const { position } = await db.store.append(
    competitionStream(id),
    events.map((e) => competitionEvent(e)),
    { expectedRevision: 'any' },
  )
  await projections.waitForPosition(position, { timeoutMs: 10_000 })
}

async function publishedCompetition(): Promise<string> {
  const id = randomUUID()
  await given(id, [
    {
      type: 'CompetitionCreated',
      data: { competitionId: id, details: competitionDetails({ totalTickets: 100 }), featured: false },
    },
    { type: 'CompetitionPublished', data: { competitionId: id } },
  ])
  return id
}

let ticket = 0
const sale = (competitionId: string, tickets: number): CompetitionStreamEvent => ({
  type: 'TicketsAllocated',
  data: {
    competitionId,
    entryId: randomUUID(),
    userId: 'u1',
    ticketNumbers: Array.from({ length: tickets }, () => {
      ticket += 1
      return ticket
    }),
    entryReference: `PRZ-2030-${String(ticket + 1).padStart(6, '0')}`,
    answer: 'Paris',
    answerCorrect: true,
    amountPence: 299 * tickets,
    paymentIntentId: `pi_${randomUUID()}`,
  },
})

const livePath = endpoints.competitionsLive.path
const changeOf = (event: ReceivedEvent): CompetitionChange => JSON.parse(event.data ?? '')
const about = (id: string) => (event: ReceivedEvent) =>
  event.event === 'competition' && changeOf(event).id === id

/** A stream that is registered (its retry hint arrived), from an address of our choosing. */
async function stream(served: Served, address = '203.0.113.1') {
  const reader = await openEventStream(`${served.url}${livePath}`, {
    headers: { 'x-forwarded-for': address },
  })
  if (reader.status === 200) await reader.next((e) => e.retry !== undefined)
  return reader
}

describe('GET /api/competitions/live', () => {
  test('two query services on one database both push a projected sale to their streams', async () => {
    const id = await publishedCompetition()
    const [one, two] = [await instance(), await instance()]
    if (!one || !two) throw new Error('instances')
    const first = await stream(one.served)
    const second = await stream(two.served)
    expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(first.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(first.received[0]).toEqual({ retry: 3000 })

    await given(id, [sale(id, 3)])

    for (const reader of [first, second]) {
      const event = await reader.next(about(id))
      expect(changeOf(event)).toEqual({
        id,
        sold_tickets: 3,
        free_entries: 0,
        total_tickets: 100,
        status: 'active',
      })
    }
    first.close()
    second.close()
  })

  test("a competition's rush is coalesced: the first sale at once, then one event with the latest figures", async () => {
    const id = await publishedCompetition()
    const { served } = await instance({ coalesceMs: 3000 })
    const reader = await stream(served)

    for (let i = 0; i < 5; i += 1) await given(id, [sale(id, 1)])

    await reader.next((e) => about(id)(e) && changeOf(e).sold_tickets === 5, { timeoutMs: 8000 })
    expect(reader.received.filter(about(id)).map((e) => changeOf(e).sold_tickets)).toEqual([1, 5])
    reader.close()
  })

  test('a status change is pushed: a closed competition', async () => {
    const id = await publishedCompetition()
    const { served } = await instance()
    const reader = await stream(served)
    await given(id, [
      {
        type: 'CompetitionClosed',
        data: {
          competitionId: id,
          reason: 'admin',
          seal: { eligibleTickets: 0, listHash: 'a'.repeat(64) },
          randomness: { source: 'drand', round: 1000 },
        },
      },
    ])
    expect(changeOf(await reader.next(about(id)))).toMatchObject({ id, status: 'closed' })
    reader.close()
  })

  test('one address may hold a bounded number of streams (429), and a closed one frees its place', async () => {
    const { served, live } = await instance({ maxStreamsPerAddress: 2 })
    const held = [await stream(served), await stream(served)]

    const refused = await fetch(`${served.url}${livePath}`, { headers: { 'x-forwarded-for': '203.0.113.1' } })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(await refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })

    const elsewhere = await stream(served, '203.0.113.2')
    expect(elsewhere.status).toBe(200)
    expect(live.streams).toBe(3)

    held[0]?.close()
    await vi.waitFor(() => expect(live.streams).toBe(2))
    const again = await stream(served)
    expect(again.status).toBe(200)
    for (const reader of [held[1], elsewhere, again]) reader?.close()
    await vi.waitFor(() => expect(live.streams).toBe(0))
  })

  test('past the process bound a stream is refused with 503 and Retry-After', async () => {
    const { served } = await instance({ maxStreams: 1 })
    const held = await stream(served, '203.0.113.1')
    const refused = await fetch(`${served.url}${livePath}`, { headers: { 'x-forwarded-for': '203.0.113.2' } })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('30')
    await refused.body?.cancel()
    held.close()
  })

  test('a crowd holding every stream gives up its oldest to a client from another network', async () => {
    const { served, live } = await instance({ maxStreams: 3, maxStreamsPerAddress: 1 })
    const crowd = [
      await stream(served, '198.51.100.1'),
      await stream(served, '198.51.100.2'),
      await stream(served, '198.51.100.3'),
    ]
    const visitor = await stream(served, '203.0.113.9')
    expect(visitor.status).toBe(200)
    // The crowd's oldest stream ended (its EventSource comes back and finds its network full).
    expect(await crowd[0]?.ended).toEqual({ clean: true })
    expect(live.streams).toBe(3)
    const back = await fetch(`${served.url}${livePath}`, { headers: { 'x-forwarded-for': '198.51.100.4' } })
    expect(back.status).toBe(503)
    await back.body?.cancel()
    for (const reader of [...crowd, visitor]) reader?.close()
  })

  test('closing the service ends its streams cleanly, and the server can then close', async () => {
    const started = await instance()
    const reader = await stream(started.served)
    instances.splice(instances.indexOf(started), 1)

    await started.live.close()
    expect(await reader.ended).toEqual({ clean: true })
    await started.served.close()
    expect(started.live.streams).toBe(0)
  })

  test('heartbeats keep an idle stream open', async () => {
    const { served } = await instance({ heartbeatMs: 100 })
    const reader = await stream(served)
    await reader.next((e) => e.comment === 'keep-alive')
    reader.close()
  })

  test('a lost LISTEN connection is made again: the streams are told to refetch, and hear changes again', async () => {
    const url = new URL(db.url)
    const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.host = `127.0.0.1:${proxy.port}`
    const live = startLiveCompetitions({ connectionString: url.toString(), logger, reconnectDelayMs: 50 })
    const app = createQueryApp({ knex: db.knex, logger, secret: sessionKeys(Buffer.alloc(32)), live })
    const served = await serve(app.callback())
    instances.push({ live, served })
    try {
      await vi.waitFor(() => expect(live.listening).toBe(true), { timeout: 10_000 })
      const reader = await stream(served)

      await proxy.down()
      await vi.waitFor(() => expect(live.listening).toBe(false), { timeout: 10_000 })
      const from = reader.received.length
      await proxy.resume()
      await reader.next((e) => e.event === 'resync', { from, timeoutMs: 10_000 })

      const id = await publishedCompetition()
      await given(id, [sale(id, 2)])
      await reader.next((e) => about(id)(e) && changeOf(e).sold_tickets === 2, { from })
      reader.close()
    } finally {
      await proxy.close()
    }
  })
})
