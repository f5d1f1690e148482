import { randomUUID } from 'node:crypto'
import { competitionStream, endpoints, type UserEvent, userStream } from '@prizes/contracts'
import { type CompetitionStreamEvent, closedAndDrawn, eventMetadata } from '@prizes/projections/testing'
import { competitionPages } from '@prizes/query-service'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Person, type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund } from '../testing/test-events'

/**
 * Issue 24, point 5: the past winners a page at a time, each named as they chose; the
 * competition page naming its winner; a cancelled competition keeping its page.
 */

let harness: QueryHarness
const competition = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`
const entry = (n: number) => `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`
const grace = randomUUID()
const alan = randomUUID()

async function given(id: string, events: CompetitionStreamEvent[], at: string) {
  await harness.append(
    competitionStream(id),
    events.map((e) => ({ type: e.type, data: e.data, metadata: eventMetadata(at) })),
  )
}
async function appendUser(userId: string, events: UserEvent[]) {
  await harness.append(
    userStream(userId),
    events.map((e) => ({ type: e.type, data: e.data, metadata: eventMetadata() })),
  )
}
async function register(userId: string, person: Person) {
  await appendUser(userId, [await harness.registration(userId, person)])
}

/** Competition n, published, one entry of `userId`, drawn on day n of June 2030. */
async function drawn(n: number, userId: string) {
  const id = competition(n)
  await given(id, [created(id, '2030-06-01T00:00:00.000Z')], '2030-05-01T09:00:00.000Z')
  await given(id, [{ type: 'CompetitionPublished', data: { competitionId: id } }], '2030-05-01T09:01:00.000Z')
  await given(id, purchase(id, entry(n), userId, 1, [1]), '2030-05-02T09:00:00.000Z')
  const day = String(n).padStart(2, '0')
  await given(
    id,
    closedAndDrawn(id, { entryId: entry(n), userId, ticket: 1 }),
    `2030-06-${day}T12:00:00.000Z`,
  )
}

beforeAll(async () => {
  harness = await startQueryHarness('query_past_winners')
  await register(grace, {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    // The case: the street line must never be published as the town.
    address: 'Flat 2, 10 Downing Street, SW1A 2AA',
  })
  await register(alan, {
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@example.com',
    address: '78 High Street, Wilmslow, Cheshire, SK9 1AA',
  })
  for (let n = 1; n <= 5; n += 1) await drawn(n, n % 2 === 0 ? grace : alan)
})
afterAll(() => harness?.close())

const winnersPage = async (query: string) => {
  const response = await harness.get(`${endpoints.listWinners.path}${query}`)
  expect(response.status, await response.clone().text()).toBe(200)
  return endpoints.listWinners.response.parse(await response.json())
}
const competitionPage = async (id: string) => {
  const response = await harness.get(endpoints.getCompetition.path.replace(':id', id))
  expect(response.status, await response.clone().text()).toBe(200)
  return endpoints.getCompetition.response.parse(await response.json()).competition
}

describe('GET /api/winners, a page at a time', () => {
  test('newest first, two a page, each page after the cursor of the one before, to the last', async () => {
    const first = await winnersPage('?limit=2')
    expect(first.winners.map((w) => w.competitionId)).toEqual([competition(5), competition(4)])
    expect(first.nextCursor).not.toBeNull()
    const second = await winnersPage(`?limit=2&before=${first.nextCursor}`)
    expect(second.winners.map((w) => w.competitionId)).toEqual([competition(3), competition(2)])
    const third = await winnersPage(`?limit=2&before=${second.nextCursor}`)
    expect(third.winners.map((w) => w.competitionId)).toEqual([competition(1)])
    expect(third.nextCursor).toBeNull()
  })

  test('12 a page unless asked; never more than 50; a bad limit or cursor is a 400', async () => {
    expect((await winnersPage('')).winners).toHaveLength(5)
    for (const query of [
      '?limit=0',
      '?limit=51',
      '?limit=abc',
      '?limit=1000',
      '?before=nope',
      '?before=1~a~b',
    ]) {
      const response = await harness.get(`${endpoints.listWinners.path}${query}`)
      expect(response.status, query).toBe(400)
    }
  })

  test('first name and surname initial, and a town or county, never a street line', async () => {
    const { winners } = await winnersPage('?limit=2')
    expect(winners[0]).toMatchObject({ winnerName: 'Alan T.', town: 'Cheshire', ticketNumber: 1 })
    expect(winners[1]).toMatchObject({ winnerName: 'Grace H.', town: null })
    expect(JSON.stringify(winners)).not.toContain('Downing')
  })

  test("a winner's objection changes the shown name, and withdrawing it changes it back", async () => {
    await appendUser(alan, [{ type: 'WinnerNameHidden', data: { userId: alan } }])
    const hidden = await winnersPage('?limit=1')
    expect(hidden.winners[0]).toMatchObject({ winnerName: 'A winner from Cheshire', town: null })
    expect(JSON.stringify(hidden)).not.toContain('Alan')
    expect((await competitionPage(competition(5))).winner).toEqual({
      name: 'A winner from Cheshire',
      town: null,
      ticket_number: 1,
    })
    await appendUser(alan, [{ type: 'WinnerNameShown', data: { userId: alan } }])
    expect((await winnersPage('?limit=1')).winners[0]).toMatchObject({ winnerName: 'Alan T.' })
  })
})

describe('the competition page', () => {
  test('names its winner once drawn, and no one before', async () => {
    expect((await competitionPage(competition(4))).winner).toEqual({
      name: 'Grace H.',
      town: null,
      ticket_number: 1,
    })
    const open = competition(20)
    await given(open, [created(open, '2030-06-01T00:00:00.000Z')], '2030-05-01T09:00:00.000Z')
    await given(
      open,
      [{ type: 'CompetitionPublished', data: { competitionId: open } }],
      '2030-05-01T09:01:00.000Z',
    )
    const page = await competitionPage(open)
    expect(page.winner).toBeNull()
    expect(page.cancellation).toBeNull()
  })

  test('a cancelled competition keeps its page, saying whether every paid entry is refunded yet', async () => {
    const id = competition(30)
    await given(id, [created(id, '2030-06-01T00:00:00.000Z')], '2030-05-01T09:00:00.000Z')
    await given(
      id,
      [{ type: 'CompetitionPublished', data: { competitionId: id } }],
      '2030-05-01T09:01:00.000Z',
    )
    await given(id, purchase(id, entry(30), grace, 2, [1, 2]), '2030-05-02T09:00:00.000Z')
    await given(
      id,
      [{ type: 'CompetitionCancelled', data: { competitionId: id, reason: 'Prize unavailable' } }],
      '2030-05-03T09:00:00.000Z',
    )
    const cancelled = await competitionPage(id)
    expect(cancelled.status).toBe('cancelled')
    // What the gateway in the same process decides its page's status by: found, so 200.
    expect(await competitionPages(harness.db.knex).find(id)).toMatchObject({ status: 'cancelled' })
    expect(cancelled.cancellation).toEqual({ refunds: 'in_progress' })
    await given(id, [refund(id, entry(30), 598)], '2030-05-03T09:05:00.000Z')
    expect((await competitionPage(id)).cancellation).toEqual({ refunds: 'complete' })
  })

  test('a draft cancelled before it was published was never public: not found', async () => {
    const id = competition(40)
    await given(id, [created(id, '2030-06-01T00:00:00.000Z')], '2030-05-01T09:00:00.000Z')
    await given(
      id,
      [{ type: 'CompetitionCancelled', data: { competitionId: id, reason: 'Changed our minds' } }],
      '2030-05-01T10:00:00.000Z',
    )
    const response = await harness.get(endpoints.getCompetition.path.replace(':id', id))
    expect(response.status).toBe(404)
    expect(await competitionPages(harness.db.knex).find(id)).toBeNull()
  })
})

describe('GET /api/winners is rate limited per address', () => {
  test('past 300 a minute from one address, 429 with Retry-After', async () => {
    // A window may turn over during the loop: twice the limit always meets a refusal.
    let refused: Response | undefined
    for (let i = 0; i < 2 * 300 + 1 && !refused; i += 1) {
      const response = await harness.get(`${endpoints.listWinners.path}?limit=1`)
      if (response.status === 429) refused = response
      else await response.body?.cancel()
    }
    expect(refused?.status).toBe(429)
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused?.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
  })
})
