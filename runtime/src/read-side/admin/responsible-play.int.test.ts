import { randomUUID } from 'node:crypto'
import {
  competitionStream,
  defaultSpendingAlertPence,
  type EventMetadata,
  endpoints,
  spendingAlertStream,
  type UserEvent,
  userStream,
} from '@prizes/contracts'
import { type CompetitionStreamEvent, competitionDetails, eventMetadata } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund } from '../testing/test-events'

/**
 * Oversight in the admin Users tab: each user's limit, pending increase, break and spending over
 * the last 30 days, marked against the spending alert threshold; the threshold's and the
 * user's changes as audit trails.
 */

let harness: QueryHarness
const start = new Date()
let now = start
const day = 86_400_000
/** A moment `days` before (negative: after) the test's start. */
const ago = (days: number) => new Date(start.getTime() - days * day).toISOString()
let admin = ''
const ids = { admin: randomUUID(), ada: randomUUID(), bob: randomUUID() }
const prize = '00000000-0000-4000-9000-0000000003ce'
const entry = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`

function metadata(at: string, actor: EventMetadata['actor']): EventMetadata {
  return { ...eventMetadata(at), actor }
}
async function given(events: CompetitionStreamEvent[], at: string, competitionId = prize) {
  const stamped = events.map((e) => ({
    type: e.type,
    data: e.data,
    metadata: metadata(at, { system: 'test' }),
  }))
  await harness.append(competitionStream(competitionId), stamped)
}
async function asUser(userId: string, events: UserEvent[]) {
  const stamped = events.map((e) => ({
    type: e.type,
    data: e.data,
    metadata: metadata(ago(5), { userId, role: 'user' }),
  }))
  await harness.append(userStream(userId), stamped)
}
async function setThreshold(thresholdPence: number) {
  await harness.append(spendingAlertStream, [
    {
      type: 'SpendingAlertThresholdChanged',
      data: { thresholdPence },
      metadata: { ...metadata(ago(4), { userId: ids.admin, role: 'admin' }), reason: 'tighter' },
    },
  ])
}

beforeAll(async () => {
  harness = await startQueryHarness('query_responsible_play', { clock: () => now })
  admin = await harness.session(ids.admin, 'admin')
  for (const [userId, firstName] of [
    [ids.admin, 'Grace'],
    [ids.ada, 'Ada'],
    [ids.bob, 'Bob'],
  ] as const) {
    const registration = await harness.registration(
      userId,
      { firstName, lastName: 'Test', email: `${firstName.toLowerCase()}@example.com` },
      { role: userId === ids.admin ? 'admin' : 'user' },
    )
    await harness.append(userStream(userId), [
      { ...registration, metadata: metadata(ago(60), { system: 'test' }) },
    ])
  }
  await given([created(prize, ago(-200))], ago(50))
  await given([{ type: 'CompetitionPublished', data: { competitionId: prize } }], ago(50))
  // Ada: £29.90 more than 30 days before now (not counted), then £29.90 + £29.90 + £2.99 refunded.
  await given(purchase(prize, entry(1), ids.ada, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), ago(40))
  await given(purchase(prize, entry(2), ids.ada, 10, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]), ago(10))
  await given(purchase(prize, entry(3), ids.ada, 10, [21, 22, 23, 24, 25, 26, 27, 28, 29, 30]), ago(9))
  await given(purchase(prize, entry(4), ids.ada, 1, [31]), ago(8))
  await given([refund(prize, entry(4), 299)], ago(7))
  await given(purchase(prize, entry(5), ids.bob, 1, [32]), ago(8))
  await asUser(ids.ada, [
    { type: 'SpendingLimitSet', data: { userId: ids.ada, limitPence: 10_000, prompt: 'sign-up' } },
    {
      type: 'SpendingLimitIncreaseRequested',
      data: { userId: ids.ada, limitPence: 20_000, currentLimitPence: 10_000, effectiveAt: ago(-1) },
    },
    { type: 'BreakTaken', data: { userId: ids.ada, period: '7d', endsAt: ago(-2) } },
  ])
})
afterAll(() => harness?.close())

async function playOf(userId: string) {
  const response = await harness.get('/api/admin/users', admin)
  expect(response.status, await response.clone().text()).toBe(200)
  const body = endpoints.adminListUsers.response.parse(await response.json())
  return body.users.find((user) => user.id === userId)?.responsible_play
}

describe('oversight in the Users tab', () => {
  test('shows the limit, the pending increase, the break and 30-day spending, marked against the threshold', async () => {
    expect(await playOf(ids.ada)).toEqual({
      monthly_limit: 100,
      pending_limit: { amount: 200, effective_at: ago(-1) },
      break_until: ago(-2),
      break_permanent: false,
      held_for_review: false,
      spent_last_30_days: 59.8,
      over_threshold: false,
      caps_reached: 0,
    })
    expect((await playOf(ids.bob))?.over_threshold).toBe(false)

    await setThreshold(5000)
    expect((await playOf(ids.ada))?.over_threshold).toBe(true)
    expect((await playOf(ids.bob))?.over_threshold).toBe(false)
    const alert = await harness.get('/api/admin/settings/spending-alert', admin)
    expect(endpoints.adminSpendingAlert.response.parse(await alert.json())).toMatchObject({
      thresholdPence: 5000,
      changes: [{ thresholdPence: 5000, reason: 'tighter', actor: { kind: 'admin', name: 'Grace Test' } }],
    })

    // Three days on (the session still good): the increase is in force and the break over; the
    // spending of 9 and 10 days ago still counts, that of 40 days ago never did.
    now = new Date(start.getTime() + 3 * day)
    expect(await playOf(ids.ada)).toMatchObject({
      monthly_limit: 200,
      pending_limit: null,
      break_until: null,
      spent_last_30_days: 59.8,
      over_threshold: true,
    })
    now = start
  })

  test("lists the user's changes, newest first, with who made them", async () => {
    const response = await harness.get(`/api/admin/users/${ids.ada}/responsible-play`, admin)
    const { changes } = endpoints.adminResponsiblePlayOfUser.response.parse(await response.json())
    expect(changes.map((change) => change.type)).toEqual([
      'BreakTaken',
      'SpendingLimitIncreaseRequested',
      'SpendingLimitSet',
    ])
    expect(changes[2]).toMatchObject({
      summary: 'Set a monthly spending limit of £100.00 (sign-up)',
      actor: { kind: 'user', name: 'Ada Test' },
    })
    expect((await harness.get(`/api/admin/users/${randomUUID()}/responsible-play`, admin)).status).toBe(404)
    expect(defaultSpendingAlertPence).toBe(50_000)
  })

  test('marks an account held for review, in the list and its changes, until it is cleared (issue 23)', async () => {
    await asUser(ids.bob, [
      { type: 'AccountHeldForReview', data: { userId: ids.bob, reason: 'matches-person-on-break' } },
    ])
    expect((await playOf(ids.bob))?.held_for_review).toBe(true)
    await asUser(ids.bob, [{ type: 'AccountReviewCleared', data: { userId: ids.bob } }])
    expect((await playOf(ids.bob))?.held_for_review).toBe(false)
    const response = await harness.get(`/api/admin/users/${ids.bob}/responsible-play`, admin)
    const { changes } = endpoints.adminResponsiblePlayOfUser.response.parse(await response.json())
    expect(changes.map((change) => change.summary)).toEqual([
      'Cleared by an admin after review: may enter competitions',
      'Held for review: the name, date of birth and postcode match a person on a break',
    ])
  })
})

describe('caps reached', () => {
  const capped = '00000000-0000-4000-9000-0000000003cf'
  const details = competitionDetails({
    title: 'Win a capped car',
    endDate: ago(-200),
    maxEntriesPerPerson: 3,
  })

  async function detailsOf(userId: string) {
    const response = await harness.get(`/api/admin/user/${userId}`, admin)
    expect(response.status, await response.clone().text()).toBe(200)
    return endpoints.adminGetUser.response.parse(await response.json()).user.responsible_play
  }

  test('counts the competitions where a user holds as many tickets as the cap, paid and postal, until a refund', async () => {
    await given(
      [
        { type: 'CompetitionCreated', data: { competitionId: capped, details, featured: false } },
        { type: 'CompetitionPublished', data: { competitionId: capped } },
      ],
      ago(20),
      capped,
    )
    // Bob: 2 paid tickets, below the cap of 3; the other competition's cap (100) is far off.
    await given(purchase(capped, entry(20), ids.bob, 2, [1, 2]), ago(6), capped)
    expect((await playOf(ids.bob))?.caps_reached).toBe(0)
    expect((await detailsOf(ids.bob))?.capped_competitions).toEqual([])

    // A postal entry brings him to 3 of 3.
    await given(
      [
        {
          type: 'PostalEntryRecorded',
          data: {
            competitionId: capped,
            entryId: entry(21),
            userId: ids.bob,
            answer: 'Paris',
            answerCorrect: true,
            ticketNumbers: [3],
            entryReference: `PRZ-2030-000003${capped}`,
            amountPence: 0,
            paymentIntentId: null,
            receivedAt: ago(5),
            allocatedAt: ago(5),
          },
        },
      ],
      ago(5),
      capped,
    )
    expect((await playOf(ids.bob))?.caps_reached).toBe(1)
    expect((await playOf(ids.ada))?.caps_reached).toBe(0)
    expect((await detailsOf(ids.bob))?.capped_competitions).toEqual([
      { id: capped, title: 'Win a capped car', cap: 3 },
    ])

    // A refund of the paid entry brings him below it again.
    await given([refund(capped, entry(20), 598)], ago(4), capped)
    expect((await playOf(ids.bob))?.caps_reached).toBe(0)
    expect((await detailsOf(ids.bob))?.capped_competitions).toEqual([])
  })
})
