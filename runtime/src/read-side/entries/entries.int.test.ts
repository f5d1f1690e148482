import { randomUUID } from 'node:crypto'
import { authMessages, competitionStream, endpoints } from '@prizes/contracts'
import {
  type CompetitionStreamEvent,
  closedAndDrawn,
  competitionDetails,
  competitionEvent,
} from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund, reserve } from '../testing/test-events'

let harness: QueryHarness
const tokens = { alice: '', bob: '', carol: '' }
const [paid, released, late, refunded, pending, bobs] = [
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
  randomUUID(),
]

beforeAll(async () => {
  harness = await startQueryHarness('query_entries')
  for (const name of ['alice', 'bob', 'carol'] as const) tokens[name] = await signIn(name)

  // The car is on sale; the watch was never published, standing in for one no longer active.
  await given('car', [
    created('car', '2030-06-01T00:00:00.000Z'),
    { type: 'CompetitionPublished', data: { competitionId: 'car' } },
  ])
  await given('watch', [created('watch', '2030-03-01T00:00:00.000Z')])
  await given('car', [
    ...purchase('car', paid, 'alice', 2, [1, 2]),
    reserve('car', released, 'alice', 1),
    { type: 'ReservationReleased', data: { competitionId: 'car', entryId: released, reason: 'expired' } },
    ...purchase('car', refunded, 'alice', 1, [3]),
    refund('car', refunded, 299),
    reserve('car', pending, 'alice', 1),
    ...purchase('car', bobs, 'bob', 4, [4, 5, 6, 7]),
  ])
  await given('watch', purchase('watch', late, 'alice', 3, [1, 2, 3]))
})
afterAll(() => harness?.close())

/** The test plays the command side: it opens the session row and signs the token. */
const signIn = (userId: string) => harness.session(userId, 'user')

let minute = 0
/** Events → the real projections → rows this service reads; each event a minute after the last. */
async function given(id: string, events: CompetitionStreamEvent[]) {
  const timed = events.map((e) => {
    minute += 1
    return competitionEvent(e, new Date(Date.UTC(2030, 0, 1, 9, minute)).toISOString())
  })
  await harness.append(competitionStream(id), timed)
}

const get = async (path: string, token?: string) => {
  const response = await harness.get(path, token)
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown }
}

describe('GET /api/entries', () => {
  test("answers the user's paid and refunded entries, newest first, in the contract shape", async () => {
    const { status, headers, body } = await get(endpoints.listEntries.path, tokens.alice)
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('private, no-store')
    const { entries } = endpoints.listEntries.response.parse(body)

    expect(entries.map((e) => e.id)).toEqual([late, refunded, paid])
    expect(body).toEqual({ success: true, entries })
    expect(entries[2]).toEqual({
      id: paid,
      competitionId: 'car',
      competitionTitle: 'Win the car',
      numberOfEntries: 2,
      totalCost: 5.98,
      entryDate: '2030-01-01T09:05:00.000Z',
      status: 'active',
      entryStatus: 'active',
      paymentStatus: 'paid',
      entryReference: 'PRZ-2030-000001car',
      drawDate: '2030-06-01T00:00:00.000Z',
      ticketNumbers: [1, 2],
      entryMethod: 'online',
      drawStatus: null,
    })
    expect(entries[1]).toMatchObject({ paymentStatus: 'refunded', status: 'cancelled', ticketNumbers: [3] })
  })

  test("another user's entries are never in the answer", async () => {
    const bob = endpoints.listEntries.response.parse(
      (await get(`${endpoints.listEntries.path}?userId=alice`, tokens.bob)).body,
    )
    expect(bob.entries.map((e) => [e.id, e.numberOfEntries])).toEqual([[bobs, 4]])
    const carol = endpoints.listEntries.response.parse(
      (await get(endpoints.listEntries.path, tokens.carol)).body,
    )
    expect(carol.entries).toEqual([])
  })

  test("a revised competition's title shows on its entries", async () => {
    await given('car', [
      {
        type: 'CompetitionRevised',
        data: {
          competitionId: 'car',
          details: competitionDetails({ title: 'Win a faster car', endDate: '2030-06-01T00:00:00.000Z' }),
        },
      },
    ])
    const { entries } = endpoints.listEntries.response.parse(
      (await get(endpoints.listEntries.path, tokens.alice)).body,
    )
    expect(entries.filter((e) => e.competitionId === 'car').map((e) => e.competitionTitle)).toEqual([
      'Win a faster car',
      'Win a faster car',
    ])
  })
})

describe('GET /api/entries/stats', () => {
  test('totals the paid entries; active counts those whose competition is still active', async () => {
    const { status, body } = await get(endpoints.entryStats.path, tokens.alice)
    expect(status).toBe(200)
    expect(endpoints.entryStats.response.parse(body)).toEqual({
      success: true,
      stats: { totalTicketsPurchased: 5, totalSpent: 14.95, activeEntries: 1, wonPrizes: 0 },
    })
  })

  test('a user without entries has zeros', async () => {
    expect((await get(endpoints.entryStats.path, tokens.carol)).body).toEqual({
      success: true,
      stats: { totalTicketsPurchased: 0, totalSpent: 0, activeEntries: 0, wonPrizes: 0 },
    })
  })
})

describe('signing in', () => {
  test.each([endpoints.listEntries.path, endpoints.entryStats.path])(
    '%s asks for a sign-in without a token',
    async (path) => {
      expect(await get(path)).toMatchObject({ status: 401, body: { success: false, code: 'UNAUTHORIZED' } })
      expect(await get(path, 'not.a.token')).toMatchObject({
        status: 401,
        body: { message: authMessages.sessionExpired },
      })
    },
  )

  test('a token revoked on the command side (its version moved on) is refused at once', async () => {
    const token = await signIn('dave')
    expect((await get(endpoints.entryStats.path, token)).status).toBe(200)
    await harness.db.knex('auth_sessions').where({ user_id: 'dave' }).update({ token_version: 1 })

    for (const path of [endpoints.listEntries.path, endpoints.entryStats.path]) {
      expect(await get(path, token)).toEqual({
        status: 401,
        headers: expect.anything(),
        body: { success: false, code: 'UNAUTHORIZED', message: authMessages.sessionExpired },
      })
    }
  })
})

describe('after the draw', () => {
  test('the winning entry has won, the prize counts, and nothing is active any more', async () => {
    await given('watch', closedAndDrawn('watch', { entryId: late, userId: 'alice', ticket: 2 }))
    const { entries } = endpoints.listEntries.response.parse(
      (await get(endpoints.listEntries.path, tokens.alice)).body,
    )
    expect(entries.map((e) => [e.id, e.status])).toEqual([
      [late, 'won'],
      [refunded, 'cancelled'],
      [paid, 'active'],
    ])
    expect((await get(endpoints.entryStats.path, tokens.alice)).body).toMatchObject({
      stats: { totalTicketsPurchased: 5, activeEntries: 1, wonPrizes: 1 },
    })
  })
})
