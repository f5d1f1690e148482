import { competitionStream, endpoints } from '@prizes/contracts'
import { type CompetitionStreamEvent, competitionEvent } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund, reserve } from '../testing/test-events'

let harness: QueryHarness
const tokens = { admin: '', user: '' }
const entryId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
/** Competitions, named by UUIDs as the endpoints require. */
const car = '00000000-0000-4000-8000-00000000ca00'
const draft = '00000000-0000-4000-8000-00000000d0af'
const gone = '00000000-0000-4000-8000-000000006000'
const nope = '00000000-0000-4000-8000-000000000000'

beforeAll(async () => {
  harness = await startQueryHarness('query_admin')
  tokens.admin = await harness.session('admin-1', 'admin')
  tokens.user = await harness.session('user-1', 'user')

  await given(car, [created(car, '2030-06-01T00:00:00.000Z'), published(car)])
  await given(draft, [created(draft, '2030-03-01T00:00:00.000Z')])
  await given(gone, [
    created(gone, '2030-04-01T00:00:00.000Z'),
    { type: 'CompetitionDeleted', data: { competitionId: gone } },
  ])
  // 12 paid entries of 1, 2, 3, 1, 2, 3... tickets, the last refunded; one pending, one released.
  const sales: CompetitionStreamEvent[] = []
  let ticket = 1
  for (let i = 1; i <= 12; i += 1) {
    const quantity = ((i - 1) % 3) + 1
    sales.push(...purchase(car, entryId(i), `u-${i}`, quantity, range(ticket, quantity)))
    ticket += quantity
  }
  sales.push(refund(car, entryId(12), 299 * 3))
  sales.push(reserve(car, entryId(13), 'u-13', 2))
  sales.push(reserve(car, entryId(14), 'u-14', 1))
  sales.push({
    type: 'ReservationReleased',
    data: { competitionId: car, entryId: entryId(14), reason: 'expired' },
  })
  await given(car, sales)
})
afterAll(() => harness?.close())

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)
const published = (id: string): CompetitionStreamEvent => ({
  type: 'CompetitionPublished',
  data: { competitionId: id },
})

let minute = 0
async function given(id: string, events: CompetitionStreamEvent[]) {
  const timed = events.map((e) => {
    minute += 1
    return competitionEvent(e, new Date(Date.UTC(2030, 0, 1, 9, minute)).toISOString())
  })
  await harness.append(competitionStream(id), timed)
}

const get = (path: string, token?: string) => harness.get(path, token)
const entriesPath = (id: string) => endpoints.adminCompetitionEntries.path.replace(':id', id)
const exportPath = (id: string) => endpoints.adminExportCompetitionEntries.path.replace(':id', id)

describe('admin reads are for admins only', () => {
  test.each([
    endpoints.adminListCompetitions.path,
    entriesPath(car),
    exportPath(car),
    endpoints.adminCompetitionHistory.path.replace(':id', car),
  ])('%s: 401 without a session, 403 for a user', async (path) => {
    expect((await get(path)).status).toBe(401)
    expect((await get(path, tokens.user)).status).toBe(403)
    expect((await get(path, tokens.admin)).status).toBe(200)
  })
})

describe('GET /api/admin/competitions', () => {
  test('every status but deleted, with the correct answer', async () => {
    const response = await get(endpoints.adminListCompetitions.path, tokens.admin)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = endpoints.adminListCompetitions.response.parse(await response.json())
    expect(body.competitions.map((c) => [c.id, c.status]).sort()).toEqual([
      [car, 'active'],
      [draft, 'draft'],
    ])
    expect(body.competitions[0]?.skill_question.correct).toBe('Paris')
  })

  test('a deleted competition is hidden from the public list too', async () => {
    const body = endpoints.listCompetitions.response.parse(
      await (await get(endpoints.listCompetitions.path)).json(),
    )
    expect(body.competitions.map((c) => c.id)).toEqual([car])
  })
})

describe('GET /api/admin/competitions/:id/entries', () => {
  test('pages of 10, newest first, with a summary over every entry', async () => {
    const first = endpoints.adminCompetitionEntries.response.parse(
      await (await get(entriesPath(car), tokens.admin)).json(),
    )
    expect(first).toMatchObject({ page: 1, pageSize: 10, totalPages: 2 })
    expect(first.entries).toHaveLength(10)
    // 11 paid (21 tickets at 2.99), 1 refunded, 1 pending, 1 released.
    expect(first.summary).toEqual({
      total: 14,
      paid: 11,
      pending: 1,
      totalRevenue: 62.79,
      totalTicketsSold: 21,
    })
    expect(first.entries[0]).toEqual({
      entryReference: null,
      userName: null,
      userEmail: null,
      userPhone: null,
      numberOfEntries: 1,
      totalCost: 2.99,
      paymentStatus: 'failed',
      entryDate: expect.any(String),
      entryMethod: 'online',
    })
    const second = endpoints.adminCompetitionEntries.response.parse(
      await (await get(`${entriesPath(car)}?page=2`, tokens.admin)).json(),
    )
    expect(second.page).toBe(2)
    expect(second.entries.map((e) => e.numberOfEntries)).toEqual([1, 3, 2, 1])
    expect(second.entries.at(-1)).toMatchObject({
      entryReference: `PRZ-2030-000001${car}`,
      totalCost: 2.99,
      paymentStatus: 'paid',
    })
  })

  test('an unknown or deleted competition is 404', async () => {
    expect((await get(entriesPath(nope), tokens.admin)).status).toBe(404)
    expect((await get(entriesPath(gone), tokens.admin)).status).toBe(404)
    expect((await get(exportPath(gone), tokens.admin)).status).toBe(404)
  })

  test('a competition without entries answers an empty page', async () => {
    const body = endpoints.adminCompetitionEntries.response.parse(
      await (await get(entriesPath(draft), tokens.admin)).json(),
    )
    expect(body).toMatchObject({
      entries: [],
      page: 1,
      totalPages: 0,
      summary: { total: 0, totalRevenue: 0 },
    })
  })
})

describe('GET /api/admin/competitions/:id/entries/export', () => {
  test('text/csv with the nine columns, one row per entry, phone N/A', async () => {
    const response = await get(exportPath(car), tokens.admin)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="competition-${car}-entries.csv"`,
    )
    const lines = (await response.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '#,Reference,User Name,Email,Phone,Entries,Cost,Payment Status,Entry Date,Entry Method',
    )
    expect(lines).toHaveLength(15)
    expect(lines.at(-1)).toMatch(
      new RegExp(`^14,PRZ-2030-000001${car},,,N/A,1,2\\.99,paid,2030-01-01T09:\\d\\d:00\\.000Z,online$`),
    )
  })
})
