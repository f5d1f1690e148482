import { randomUUID } from 'node:crypto'
import { analyticsDays, competitionStream, endpoints } from '@prizes/contracts'
import { type CompetitionStreamEvent, eventMetadata } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund, reserve } from '../testing/test-events'

/**
 * GET /api/admin/analytics over HTTP: who may ask; thirty days of revenue, every day present,
 * money taken less refunds on the day they were made; the ten competitions with the most tickets
 * sold and the rest as Other. The clock is fixed at noon UTC today; events are stamped before it.
 */

const now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`)
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()
const dayOf = (days: number) => daysAgo(days).slice(0, 10)
let harness: QueryHarness
const tokens = { admin: '', user: '' }
const buyer = randomUUID()
/** Twelve competitions that sell tickets, and a draft that sells none. */
const competitions = Array.from({ length: 12 }, () => randomUUID())
const draft = randomUUID()
let entries = 0
const entry = () => `00000000-0000-4000-9000-${String(++entries).padStart(12, '0')}`
const nextTicket = new Map<string, number>()
function tickets(competitionId: string, count: number): number[] {
  const first = nextTicket.get(competitionId) ?? 1
  nextTicket.set(competitionId, first + count)
  return Array.from({ length: count }, (_, i) => first + i)
}
const buy = (competitionId: string, count: number, id = entry()) =>
  purchase(competitionId, id, buyer, count, tickets(competitionId, count))

beforeAll(async () => {
  harness = await startQueryHarness('query_admin_analytics', { clock: () => now })
  tokens.admin = await harness.session(randomUUID(), 'admin')
  tokens.user = await harness.session(randomUUID(), 'user')

  await given(draft, daysAgo(60), [created(draft, '2030-06-01T00:00:00.000Z')])
  // Competition i sells 12 - i tickets, 45 days ago (outside the revenue window).
  for (const [i, id] of competitions.entries()) {
    const sold = 12 - i
    await given(id, daysAgo(60), [
      created(id, '2030-06-01T00:00:00.000Z'),
      { type: 'CompetitionPublished', data: { competitionId: id } },
    ])
    await given(id, daysAgo(45), [...buy(id, Math.min(sold, 10)), ...(sold > 10 ? buy(id, sold - 10) : [])])
  }
  // The first competition also sells, inside the window: 2 tickets 5 days ago refunded 2 days
  // ago, 1 ticket 3 days ago, 3 tickets today refunded today; and a reservation today never paid.
  const [first, second] = competitions as [string, string]
  const refundedLater = entry()
  const refundedToday = entry()
  await given(first, daysAgo(5), buy(first, 2, refundedLater))
  await given(first, daysAgo(3), buy(first, 1))
  await given(first, daysAgo(2), [refund(first, refundedLater, 598)])
  await given(first, daysAgo(0), [...buy(first, 3, refundedToday), refund(first, refundedToday, 897)])
  await given(second, daysAgo(0), [reserve(second, entry(), buyer, 4)])
})

afterAll(() => harness?.close())

const given = (id: string, at: string, events: readonly CompetitionStreamEvent[]) =>
  harness.append(
    competitionStream(id),
    events.map((e) => ({ type: e.type, data: e.data, metadata: eventMetadata(at) })),
  )

const call = (path: string, token?: string) => harness.get(path, token)

async function analytics() {
  const response = await call('/api/admin/analytics', tokens.admin)
  expect(response.status, await response.clone().text()).toBe(200)
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  return endpoints.adminAnalytics.response.parse(await response.json()).analytics
}

describe('GET /api/admin/analytics', () => {
  test('signed out 401, a user 403, an admin 200', async () => {
    expect((await call('/api/admin/analytics')).status).toBe(401)
    expect((await call('/api/admin/analytics', tokens.user)).status).toBe(403)
    expect((await call('/api/admin/analytics', tokens.admin)).status).toBe(200)
  })

  test('thirty days, oldest first, every day present; zero where nothing was taken', async () => {
    const { from, to, revenue_by_day } = await analytics()
    expect(from).toBe(dayOf(analyticsDays - 1))
    expect(to).toBe(dayOf(0))
    expect(revenue_by_day.map((row) => row.day)).toEqual(
      Array.from({ length: analyticsDays }, (_, i) => dayOf(analyticsDays - 1 - i)),
    )
    const byDay = Object.fromEntries(revenue_by_day.map((row) => [row.day, row.revenue]))
    expect(byDay).toEqual({
      ...Object.fromEntries(revenue_by_day.map((row) => [row.day, 0])),
      [dayOf(5)]: 5.98,
      [dayOf(3)]: 2.99,
      [dayOf(2)]: -5.98,
      [dayOf(0)]: 0,
    })
  })

  test("the days' revenue is the money paid less refunds, as the stats' last 30 days", async () => {
    const { revenue_by_day } = await analytics()
    const pence = revenue_by_day.reduce((sum, row) => sum + Math.round(row.revenue * 100), 0)
    expect(pence).toBe(299)
    const stats = endpoints.adminStats.response.parse(
      await (await call('/api/admin/stats', tokens.admin)).json(),
    ).stats
    expect(pence / 100).toBe(stats.revenue.last_30d)
  })

  test('the ten competitions with most tickets sold, refunded tickets included; the rest as Other', async () => {
    const { tickets_by_competition, other } = await analytics()
    const expected = competitions.slice(0, 10).map((id, i) => ({
      competition_id: id,
      title: `Win the ${id}`,
      tickets: i === 0 ? 12 + 2 + 1 + 3 : 12 - i,
    }))
    expect(tickets_by_competition).toEqual(expected)
    expect(other).toEqual({ competitions: 2, tickets: 2 + 1 })
  })
})
