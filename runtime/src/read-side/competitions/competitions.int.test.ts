import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type CompetitionEvent, competitionStream, endpoints } from '@prizes/contracts'
import type { ExpectedRevision } from '@prizes/event-store'
import { createLogger, sessionKeys } from '@prizes/platform'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import {
  closedAndDrawn,
  competitionDetails,
  competitionEvent,
  createReadSideTestDatabase,
  type ReadSideTestDatabase,
} from '@prizes/projections/testing'
import { competitionPages, createQueryApp, publicListLimit, recentlyDrawnDays } from '@prizes/query-service'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const logger = createLogger({ level: 'silent' })
let db: ReadSideTestDatabase
let projections: RunningProjections
let server: Server
let base = ''

beforeAll(async () => {
  db = await createReadSideTestDatabase('query_competitions')
  projections = await startProjections({
    store: db.store,
    knex: db.knex,
    logger,
    projections: allProjections,
  })
  // These endpoints are public: the session secret is never used here.
  server = createQueryApp({ knex: db.knex, logger, secret: sessionKeys(Buffer.alloc(32)) }).listen(
    0,
    '127.0.0.1',
  )
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  // Featured, ending later; plain, ending soon; featured but still a draft.
  await given('late', [
    created('late', { featured: true, endDate: '2030-06-01T00:00:00.000Z' }),
    published('late'),
  ])
  await given('soon', [created('soon', { endDate: '2030-03-01T00:00:00.000Z' }), published('soon')])
  await given('draft', [created('draft', { featured: true })])
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await projections.stop()
  await db.drop()
})

function created(id: string, options: { featured?: boolean; endDate?: string } = {}): CompetitionEvent {
  return {
    type: 'CompetitionCreated',
    data: {
      competitionId: id,
      details: competitionDetails({
        title: `Prize ${id}`,
        ...(options.endDate ? { endDate: options.endDate } : {}),
      }),
      featured: options.featured ?? false,
    },
  }
}
const published = (id: string): CompetitionEvent => ({
  type: 'CompetitionPublished',
  data: { competitionId: id },
})

/** Events → the real projection → rows this service reads. */
async function given(
  id: string,
  events: CompetitionEvent[],
  expectedRevision: ExpectedRevision = 'noStream',
) {
  const { position } = await db.store.append(
    competitionStream(id),
    events.map((e) => competitionEvent(e)),
    { expectedRevision },
  )
  await projections.waitForPosition(position, { timeoutMs: 10_000 })
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers })

describe('GET /api/competitions', () => {
  test('lists published competitions, featured first then soonest to end, in the contract shape', async () => {
    const response = await get(endpoints.listCompetitions.path)
    expect(response.status).toBe(200)
    const text = await response.text()
    const body = endpoints.listCompetitions.response.parse(JSON.parse(text))

    expect(body.competitions.map((c) => c.id)).toEqual(['late', 'soon'])
    expect(body.competitions[0]).toMatchObject({
      title: 'Prize late',
      prize_value: 45_000,
      entry_price: 2.99,
      total_tickets: 1000,
      sold_tickets: 0,
      status: 'active',
      featured: true,
      end_date: '2030-06-01T00:00:00.000Z',
      skill_question: {
        question: 'What is the capital of France?',
        options: ['London', 'Paris', 'Berlin', 'Madrid'],
      },
    })
    expect(text).not.toContain('correct')
    expect(text).not.toContain('draft')
  })

  test('the featured list holds only featured, active competitions', async () => {
    const response = await get(endpoints.listFeaturedCompetitions.path)
    const text = await response.text()
    const body = endpoints.listFeaturedCompetitions.response.parse(JSON.parse(text))

    expect(body.competitions.map((c) => c.id)).toEqual(['late'])
    expect(text).not.toContain('correct')
  })

  test.each([endpoints.listCompetitions.path, endpoints.listFeaturedCompetitions.path])(
    '%s answers 304 to a matching If-None-Match, and a changed row changes the ETag',
    async (path) => {
      const first = await get(path)
      const etag = first.headers.get('etag') ?? ''
      expect(etag).not.toBe('')
      expect(first.headers.get('cache-control')).toBe('no-cache')

      const unchanged = await get(path, { 'If-None-Match': etag })
      expect(unchanged.status).toBe(304)
      expect(await unchanged.text()).toBe('')

      await given(
        'late',
        [{ type: 'CompetitionRevised', data: { competitionId: 'late', details: revisedLate(path) } }],
        'any',
      )
      const changed = await get(path, { 'If-None-Match': etag })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
    },
  )

  test('a competition featured later joins the featured list', async () => {
    await given(
      'soon',
      [{ type: 'CompetitionFeaturedSet', data: { competitionId: 'soon', featured: true } }],
      'any',
    )
    const body = endpoints.listFeaturedCompetitions.response.parse(
      await (await get(endpoints.listFeaturedCompetitions.path)).json(),
    )
    expect(body.competitions.map((c) => c.id)).toEqual(['soon', 'late'])
  })
})

describe('GET /api/competitions/:id', () => {
  const page = randomUUID()
  const hidden = randomUUID()
  beforeAll(async () => {
    await given(page, [created(page, { endDate: '2030-03-01T00:00:00.000Z' }), published(page)])
    await given(hidden, [created(hidden)])
  })

  test("answers a published competition's page with its description, commitment and draw date, never the answer", async () => {
    const response = await get(`/api/competitions/${page}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    const { competition } = endpoints.getCompetition.response.parse(JSON.parse(text))
    expect(competition).toMatchObject({
      id: page,
      title: `Prize ${page}`,
      status: 'active',
      draw: { draw_date: '2030-03-01T00:00:00.000Z', randomness_round: null },
    })
    expect(competition.description.length).toBeGreaterThan(0)
    expect(text).not.toContain('correct')
  })

  test('answers 404 for a draft, which the public may not see, and for an unknown id', async () => {
    for (const id of [hidden, randomUUID()]) {
      const response = await get(`/api/competitions/${id}`)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ success: false, code: 'COMPETITION_NOT_FOUND' })
    }
  })

  test('answers 400 for a malformed id', async () => {
    expect((await get('/api/competitions/not-an-id')).status).toBe(400)
  })

  test("the gateway's lookup in the same process answers what the route does: its page embeds it", async () => {
    const pages = competitionPages(db.knex)
    const routed = endpoints.getCompetition.response.parse(
      await (await get(`/api/competitions/${page}`)).json(),
    )
    expect(JSON.parse(JSON.stringify(await pages.find(page)))).toEqual(routed.competition)
    expect(await pages.find(hidden)).toBeNull()
  })
})

describe('GET /api/competitions is bounded', () => {
  const day = 86_400_000
  const ids = { closed: randomUUID(), recent: randomUUID(), old: randomUUID(), cancelled: randomUUID() }
  const ago = (days: number) => new Date(Date.now() - days * day).toISOString()
  /** Created, published, closed and drawn, the draw recorded `drawnDaysAgo` days ago. */
  async function drawn(id: string, drawnDaysAgo: number) {
    const [close, start, complete] = closedAndDrawn(id, { entryId: randomUUID(), userId: 'u1', ticket: 1 })
    if (!close || !start || !complete) throw new Error('fixture')
    const { position } = await db.store.append(
      competitionStream(id),
      [
        ...[created(id), published(id), close, start].map((e) => competitionEvent(e)),
        competitionEvent(complete, ago(drawnDaysAgo)),
      ],
      { expectedRevision: 'noStream' },
    )
    await projections.waitForPosition(position, { timeoutMs: 10_000 })
  }
  const listed = async () =>
    endpoints.listCompetitions.response
      .parse(await (await get(endpoints.listCompetitions.path)).json())
      .competitions.map((c) => c.id)

  test('holds open and closed competitions and those drawn in the last 30 days, not older draws or cancelled ones', async () => {
    const [close] = closedAndDrawn(ids.closed, { entryId: randomUUID(), userId: 'u1', ticket: 1 })
    if (!close) throw new Error('fixture')
    await given(ids.closed, [created(ids.closed), published(ids.closed), close])
    await drawn(ids.recent, 2)
    await drawn(ids.old, recentlyDrawnDays + 10)
    await given(ids.cancelled, [
      created(ids.cancelled),
      published(ids.cancelled),
      { type: 'CompetitionCancelled', data: { competitionId: ids.cancelled, reason: 'Prize unavailable' } },
    ])

    const list = await listed()
    expect(list).toEqual(expect.arrayContaining([ids.closed, ids.recent, 'late', 'soon']))
    expect(list).not.toContain(ids.old)
    expect(list).not.toContain(ids.cancelled)
  })

  test(`never answers more than ${publicListLimit} competitions`, async () => {
    const appended = []
    for (let n = 0; n <= publicListLimit; n++) {
      const id = randomUUID()
      appended.push(
        await db.store.append(
          competitionStream(id),
          [created(id), published(id)].map((e) => competitionEvent(e)),
          { expectedRevision: 'noStream' },
        ),
      )
    }
    const last = appended.at(-1)
    if (!last) throw new Error('nothing appended')
    await projections.waitForPosition(last.position, { timeoutMs: 30_000 })
    const list = await listed()
    expect(list).toHaveLength(publicListLimit)
    // Featured first: the cap drops the last of the others, never a featured one.
    expect(list).toEqual(expect.arrayContaining(['late', 'soon']))
  })
})

/** A revision of `late` that differs for each endpoint run, so each one sees a change. */
const revisedLate = (path: string) =>
  competitionDetails({ title: `Prize late, revised for ${path}`, endDate: '2030-06-01T00:00:00.000Z' })

describe('GET /api/health/query', () => {
  test('answers while the database does', async () => {
    const response = await get(endpoints.queryHealth.path)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, service: 'query' })
  })
})
