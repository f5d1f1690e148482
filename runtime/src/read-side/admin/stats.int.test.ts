import { randomUUID } from 'node:crypto'
import { competitionStream, endpoints, type UserEvent, userStream } from '@prizes/contracts'
import { statsProjection } from '@prizes/projections'
import { type CompetitionStreamEvent, eventMetadata } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund, reserve } from '../testing/test-events'

/**
 * GET /api/admin/stats over HTTP: who may ask, the figures from a known log (users, competitions,
 * entries paid, pending, released and refunded across days), and that replaying the log changes
 * nothing. The clock is fixed at noon UTC today; events are stamped days before it.
 */

const now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`)
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
let harness: QueryHarness
const tokens = { admin: '', user: '' }
const ids = { admin: randomUUID(), today: randomUUID(), later: randomUUID(), unverified: randomUUID() }
const [live, draft] = [randomUUID(), randomUUID()]
const entry = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`

beforeAll(async () => {
  harness = await startQueryHarness('query_admin_stats', { clock: () => now })
  tokens.admin = await harness.session(ids.admin, 'admin')
  tokens.user = await harness.session(ids.today, 'user')

  await register(ids.admin, daysAgo(40), true)
  await register(ids.today, daysAgo(0), true)
  await register(ids.later, daysAgo(10), false)
  await appendUser(ids.later, daysAgo(9), [
    { type: 'EmailVerified', data: { userId: ids.later, tokenHash: null } },
  ])
  await register(ids.unverified, daysAgo(5), false)

  await given(live, daysAgo(50), [
    created(live, '2030-06-01T00:00:00.000Z'),
    { type: 'CompetitionPublished', data: { competitionId: live } },
    { type: 'CompetitionFeaturedSet', data: { competitionId: live, featured: true } },
  ])
  await given(draft, daysAgo(50), [created(draft, '2030-06-01T00:00:00.000Z')])
  // Paid 40 days ago (598p), paid 3 days ago (299p), paid and refunded today (897p),
  // pending since today, and released 10 days ago.
  await given(live, daysAgo(40), purchase(live, entry(1), ids.admin, 2, [1, 2]))
  await given(live, daysAgo(3), purchase(live, entry(2), ids.today, 1, [3]))
  await given(live, daysAgo(0), [
    ...purchase(live, entry(3), ids.today, 3, [4, 5, 6]),
    refund(live, entry(3), 897),
  ])
  await given(live, daysAgo(0), [reserve(live, entry(4), ids.later, 1)])
  await given(live, daysAgo(10), [
    reserve(live, entry(5), ids.unverified, 1),
    { type: 'ReservationReleased', data: { competitionId: live, entryId: entry(5), reason: 'expired' } },
  ])
})

afterAll(() => harness?.close())

const append = (streamId: string, at: string, events: readonly { type: string; data: unknown }[]) =>
  harness.append(
    streamId,
    events.map((e) => ({ type: e.type, data: e.data, metadata: eventMetadata(at) })),
  )
const given = (id: string, at: string, events: CompetitionStreamEvent[]) =>
  append(competitionStream(id), at, events)
const appendUser = (userId: string, at: string, events: UserEvent[]) => append(userStream(userId), at, events)

async function register(userId: string, at: string, verified: boolean) {
  const person = { firstName: 'First', lastName: 'Last', email: `${userId}@example.com` }
  const role = userId === ids.admin ? 'admin' : 'user'
  await appendUser(userId, at, [await harness.registration(userId, person, { role, verified })])
}

const call = (token?: string) => harness.get('/api/admin/stats', token)

async function stats() {
  const response = await call(tokens.admin)
  expect(response.status, await response.clone().text()).toBe(200)
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  return endpoints.adminStats.response.parse(await response.json())
}

const expected = {
  success: true,
  stats: {
    users: { total: 4, new_30d: 3, verified: 3, verification_rate: 75 },
    competitions: { total: 2, active: 1, featured: 1 },
    entries: { total: 5, paid: 2, pending: 1, today: 2, conversion_rate: 40 },
    revenue: { total: 8.97, last_30d: 2.99, average_entry: 4.49 },
  },
}

describe('GET /api/admin/stats', () => {
  test('signed out 401, a user 403, an admin 200', async () => {
    expect((await call()).status).toBe(401)
    expect((await call(tokens.user)).status).toBe(403)
    expect((await call(tokens.admin)).status).toBe(200)
  })

  test('the figures from the log: refunds come off revenue, released entries are not pending', async () => {
    expect(await stats()).toEqual(expected)
  })

  test('replaying every event, singly and as a page, changes nothing', async () => {
    const events = (await harness.db.store.readAll({ from: 'start', limit: 1000 })).filter((event) =>
      statsProjection.handles.includes(event.type),
    )
    await harness.db.knex.transaction(async (trx) => {
      for (const event of events) await statsProjection.apply(trx, event)
    })
    await harness.db.knex.transaction((trx) => statsProjection.applyBatch?.(trx, events) ?? Promise.resolve())
    expect(await stats()).toEqual(expected)
  })

  test('the whole log folded as one page from empty gives the same figures', async () => {
    const events = (await harness.db.store.readAll({ from: 'start', limit: 1000 })).filter((event) =>
      statsProjection.handles.includes(event.type),
    )
    await harness.db.knex.transaction(async (trx) => {
      for (const table of statsProjection.tables) await trx(table).delete()
      await statsProjection.applyBatch?.(trx, events)
    })
    expect(await stats()).toEqual(expected)
  })
})
