import { randomUUID } from 'node:crypto'
import { competitionStream, endpoints, userStream } from '@prizes/contracts'
import { closedAndDrawn, competitionEvent, eventMetadata } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase } from '../testing/test-events'

/**
 * Issue 24: the home page's success figures come from the platform's own records (verified
 * members, completed draws and their prizes), cached for a few seconds however many ask.
 */

let harness: QueryHarness
let now = new Date('2030-01-10T12:00:00.000Z')
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

beforeAll(async () => {
  harness = await startQueryHarness('query_success_figures', { clock: () => now })
}, 60_000)
afterAll(() => harness?.close())

async function figures() {
  const response = await harness.get(endpoints.successFigures.path)
  expect(response.status, await response.clone().text()).toBe(200)
  return endpoints.successFigures.response.parse(await response.json())
}

let minute = 0
async function given(id: string, events: Parameters<typeof competitionEvent>[0][]) {
  await harness.append(
    competitionStream(id),
    events.map((event) => {
      minute += 1
      return competitionEvent(event, new Date(Date.UTC(2030, 0, 1, 9, minute)).toISOString())
    }),
  )
}

describe('GET /api/success-figures', () => {
  test('nothing to show before the first draw; then verified members, completed draws and their prizes', async () => {
    expect(await figures()).toEqual({ success: true, members: 0, winners: 0, prizesWonPence: 0 })

    for (const [i, verified] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const) {
      const userId = randomUUID()
      const person = { firstName: `P${i}`, lastName: 'Person', email: `p${i}@example.com` }
      const registered = await harness.registration(userId, person, { verified })
      await harness.append(userStream(userId), [
        { type: registered.type, data: registered.data, metadata: eventMetadata() },
      ])
    }
    for (const id of ['drawn', 'open']) {
      await given(id, [
        created(id, '2030-06-01T00:00:00.000Z'),
        { type: 'CompetitionPublished', data: { competitionId: id } },
        ...purchase(id, uuid(id === 'drawn' ? 1 : 2), 'u-1', 1, [1]),
      ])
    }
    await given('drawn', closedAndDrawn('drawn', { entryId: uuid(1), userId: 'u-1', ticket: 1 }))

    // Cached: the same answer until the cache's few seconds have passed.
    expect((await figures()).winners).toBe(0)
    now = new Date(now.getTime() + 60_000)
    expect(await figures()).toEqual({ success: true, members: 2, winners: 1, prizesWonPence: 4_500_000 })
  })

  test('an erased account is no longer a member', async () => {
    const userId = randomUUID()
    const person = { firstName: 'Gone', lastName: 'Soon', email: 'gone@example.com' }
    const registered = await harness.registration(userId, person, { verified: true })
    await harness.append(userStream(userId), [
      { type: registered.type, data: registered.data, metadata: eventMetadata() },
    ])
    now = new Date(now.getTime() + 60_000)
    const members = (await figures()).members
    await harness.append(userStream(userId), [
      { type: 'UserErased', data: { userId }, metadata: eventMetadata() },
    ])
    now = new Date(now.getTime() + 60_000)
    expect((await figures()).members).toBe(members - 1)
  })

  test('is public, with an ETag', async () => {
    const response = await harness.get(endpoints.successFigures.path)
    const etag = response.headers.get('etag')
    expect(etag).toBeTruthy()
  })
})

describe('GET /api/success-figures is rate limited per address', () => {
  test('past 300 a minute from one address, 429 with Retry-After', async () => {
    // A window may turn over during the loop: twice the limit always meets a refusal.
    let refused: Response | undefined
    for (let i = 0; i < 2 * 300 + 1 && !refused; i += 1) {
      const response = await harness.get(endpoints.successFigures.path)
      if (response.status === 429) refused = response
      else await response.body?.cancel()
    }
    expect(refused?.status).toBe(429)
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused?.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' })
  })
})
