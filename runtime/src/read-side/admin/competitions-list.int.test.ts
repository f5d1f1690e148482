import { competitionStream, endpoints } from '@prizes/contracts'
import { type CompetitionStreamEvent, closedAndDrawn, competitionDetails } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { purchase } from '../testing/test-events'

let harness: QueryHarness
let admin = ''
const id = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`
const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n)).toISOString()

/**
 * 25 competitions, each ending a day after the one before (the list's order), but the featured
 * one first; their titles carry LIKE's wildcards, and two are drawn: one on the first page, one
 * on the third.
 */
const titles: Record<number, string> = {
  3: 'Win 100% cash',
  4: 'Win 100 pounds cash',
  5: 'A_B bundle',
  6: 'AxB bundle',
  7: 'Back\\slash prize',
}
const featured = 20
const drawnFirst = 2
const drawnLater = 24
const titleOf = (n: number) => titles[n] ?? `Raffle ${n}`

function createdEvent(n: number): CompetitionStreamEvent {
  return {
    type: 'CompetitionCreated',
    data: {
      competitionId: id(n),
      details: competitionDetails({ title: titleOf(n), endDate: day(n) }),
      featured: n === featured,
    },
  }
}

beforeAll(async () => {
  harness = await startQueryHarness('query_admin_competitions')
  admin = await harness.session('admin-1', 'admin')
  for (let n = 1; n <= 25; n += 1) {
    await harness.append(competitionStream(id(n)), [createdEvent(n)])
  }
  for (const n of [drawnFirst, drawnLater]) {
    const entryId = id(1000 + n)
    await harness.append(competitionStream(id(n)), [
      { type: 'CompetitionPublished', data: { competitionId: id(n) } },
      ...purchase(id(n), entryId, `winner-${n}`, 1, [1]),
      ...closedAndDrawn(id(n), { entryId, userId: `winner-${n}`, ticket: 1 }),
    ])
  }
  // A deleted competition is never listed, on any page.
  await harness.append(competitionStream(id(26)), [
    createdEvent(26),
    { type: 'CompetitionDeleted', data: { competitionId: id(26) } },
  ])
})
afterAll(() => harness?.close())

async function list(query: string) {
  const response = await harness.get(`${endpoints.adminListCompetitions.path}${query}`, admin)
  expect(response.status, query).toBe(200)
  return endpoints.adminListCompetitions.response.parse(await response.json())
}
const numbersOf = (body: { competitions: readonly { id: string }[] }) =>
  body.competitions.map((c) => Number(c.id.slice(-12)))

describe('GET /api/admin/competitions, a page at a time', () => {
  test('ten a page: featured first, then the soonest to end; hasMore until the last page', async () => {
    const first = await list('')
    expect(first).toMatchObject({ page: 1, pageSize: 10, hasMore: true })
    expect(numbersOf(first)).toEqual([20, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const second = await list('?page=2')
    expect(numbersOf(second)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    expect(second.hasMore).toBe(true)
    const third = await list('?page=3')
    expect(numbersOf(third)).toEqual([21, 22, 23, 24, 25])
    expect(third.hasMore).toBe(false)
    expect(await list('?page=4')).toMatchObject({ competitions: [], page: 4, hasMore: false })
  })

  test('the winners of the page’s drawn competitions, looked up for that page only', async () => {
    const asked: unknown[][] = []
    const onQuery = (query: { sql: string; bindings?: unknown[] }) => {
      if (/from "draws"/.test(query.sql)) asked.push(query.bindings ?? [])
    }
    harness.db.knex.on('query', onQuery)
    try {
      const third = await list('?page=3')
      expect(third.competitions.find((c) => c.id === id(drawnLater))?.winner).toMatchObject({
        ticket_number: 1,
        user_id: `winner-${drawnLater}`,
      })
      expect(third.competitions.filter((c) => c.winner !== null)).toHaveLength(1)
      expect(asked).toEqual([[id(drawnLater)]])
    } finally {
      harness.db.knex.off('query', onQuery)
    }
    const first = await list('')
    expect(first.competitions.find((c) => c.id === id(drawnFirst))?.winner?.user_id).toBe(
      `winner-${drawnFirst}`,
    )
  })

  test('the search matches the title in any case, its % and _ only themselves', async () => {
    expect(numbersOf(await list('?search=RAFFLE+1'))).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18])
    expect(numbersOf(await list('?search=raffle+1&page=2'))).toEqual([19])
    expect(numbersOf(await list(`?search=${encodeURIComponent('100%')}`))).toEqual([3])
    expect(numbersOf(await list(`?search=${encodeURIComponent('100 p')}`))).toEqual([4])
    expect(numbersOf(await list('?search=A_B'))).toEqual([5])
    expect(numbersOf(await list(`?search=${encodeURIComponent('k\\s')}`))).toEqual([7])
    expect(await list('?search=nothing+like+it')).toMatchObject({ competitions: [], hasMore: false })
  })

  test('a blank search is no search', async () => {
    expect(numbersOf(await list('?search=+++'))).toEqual(numbersOf(await list('')))
  })

  test('query values outside the contract are 400, never 500', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=1234567', `?search=${'x'.repeat(201)}`]) {
      const response = await harness.get(`${endpoints.adminListCompetitions.path}${query}`, admin)
      expect(response.status, query).toBe(400)
    }
  })
})
