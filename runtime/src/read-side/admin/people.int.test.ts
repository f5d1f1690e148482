import { randomUUID } from 'node:crypto'
import {
  competitionStream,
  type EventMetadata,
  endpoints,
  type UserEvent,
  userStream,
} from '@prizes/contracts'
import { userKeysTable } from '@prizes/platform'
import { type CompetitionStreamEvent, closedAndDrawn, eventMetadata } from '@prizes/projections/testing'
import { lookUpPeople } from '@prizes/query-service'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Person, type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase, refund } from '../testing/test-events'

/**
 * The screens that name people: admin entries, the winner, the audit trail and the public
 * winners list. Names come from the users read model, decrypted with each user's key; an
 * erased user (key deleted) is named nowhere.
 */

let harness: QueryHarness
let adminToken = ''

const ids = {
  admin: randomUUID(),
  ada: randomUUID(),
  bob: randomUUID(),
  erased: randomUUID(),
}
/** The competition, named by a UUID as the endpoints require. */
const prize = '00000000-0000-4000-9000-0000000001ce'
const entry = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`

beforeAll(async () => {
  harness = await startQueryHarness('query_people')
  adminToken = await harness.session(ids.admin, 'admin')

  await register(ids.admin, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }, 'admin')
  await register(ids.ada, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    address: '12 High Street, Leeds, LS1 1AA',
  })
  await register(ids.bob, { firstName: 'Bob', lastName: 'Wrong', email: 'bob@example.com' })
  await register(ids.erased, { firstName: 'Eve', lastName: 'Gone', email: 'eve@example.com' })

  const admin = { userId: ids.admin, role: 'admin' as const }
  await given(prize, [created(prize, '2030-06-01T00:00:00.000Z')], admin)
  await given(prize, [{ type: 'CompetitionPublished', data: { competitionId: prize } }], admin)
  await given(prize, purchase(prize, entry(1), ids.ada, 2, [1, 2]), { userId: ids.ada, role: 'user' })
  await given(prize, purchase(prize, entry(2), ids.bob, 1, [3]), { userId: ids.bob, role: 'user' })
  await given(prize, purchase(prize, entry(3), ids.erased, 1, [4]), { userId: ids.erased, role: 'user' })
  await given(prize, [refund(prize, entry(3), 299)], { system: 'refunds' })
  await given(
    prize,
    closedAndDrawn(prize, { entryId: entry(1), userId: ids.ada, ticket: 2 }),
    admin,
    'Monthly draw',
  )

  // Eve is erased: the command side deletes her key and appends UserErased.
  await harness.db.knex(userKeysTable).where({ user_id: ids.erased }).delete()
  await appendUser(ids.erased, [{ type: 'UserErased', data: { userId: ids.erased } }])
})
afterAll(() => harness?.close())

function metadata(actor: EventMetadata['actor'], reason?: string): EventMetadata {
  return { ...eventMetadata(new Date().toISOString()), actor, ...(reason ? { reason } : {}) }
}

async function given(
  id: string,
  events: CompetitionStreamEvent[],
  actor: EventMetadata['actor'],
  reason?: string,
) {
  const stamped = events.map((e) => ({ type: e.type, data: e.data, metadata: metadata(actor, reason) }))
  await harness.append(competitionStream(id), stamped)
}

async function appendUser(userId: string, events: UserEvent[]) {
  const stamped = events.map((e) => ({ type: e.type, data: e.data, metadata: metadata({ system: 'test' }) }))
  await harness.append(userStream(userId), stamped)
}

async function register(userId: string, person: Person, role: 'user' | 'admin' = 'user') {
  await appendUser(userId, [await harness.registration(userId, person, { role })])
}

const get = async (path: string) => {
  const response = await harness.get(path, adminToken)
  expect(response.status, await response.clone().text()).toBe(200)
  return response.json()
}

describe('admin entries name their entrants', () => {
  test('names, emails and phones from the users model; null for the erased', async () => {
    const body = endpoints.adminCompetitionEntries.response.parse(
      await get(endpoints.adminCompetitionEntries.path.replace(':id', prize)),
    )
    const byName = Object.fromEntries(body.entries.map((e) => [e.entryReference, e]))
    expect(byName[`PRZ-2030-000001${prize}`]).toMatchObject({
      userName: 'Ada Lovelace',
      userEmail: 'ada@example.com',
      userPhone: '+44 7700 900123',
    })
    expect(byName[`PRZ-2030-000003${prize}`]).toMatchObject({
      userName: 'Bob Wrong',
      userEmail: 'bob@example.com',
    })
    expect(byName[`PRZ-2030-000004${prize}`]).toMatchObject({
      userName: null,
      userEmail: null,
      userPhone: null,
      paymentStatus: 'refunded',
    })
  })

  test('the CSV export carries them too, and nothing of the erased user', async () => {
    const response = await harness.get(`/api/admin/competitions/${prize}/entries/export`, adminToken)
    const csv = await response.text()
    // A leading + is quoted against spreadsheet formulas.
    expect(csv).toContain("Ada Lovelace,ada@example.com,'+44 7700 900123")
    expect(csv).not.toContain('Eve')
    expect(csv).not.toContain('eve@example.com')
  })
})

describe('the admin list shows the draw', () => {
  test('what the draw was bound to at close', async () => {
    const body = endpoints.adminListCompetitions.response.parse(
      await get(endpoints.adminListCompetitions.path),
    )
    expect(body.competitions.find((c) => c.id === prize)?.draw).toEqual({
      seed_commitment: null,
      randomness_round: 1000,
      eligible_tickets: 2,
      list_hash: 'a'.repeat(64),
    })
  })

  test('the winner: ticket, reference and the person', async () => {
    const body = endpoints.adminListCompetitions.response.parse(
      await get(endpoints.adminListCompetitions.path),
    )
    expect(body.competitions.find((c) => c.id === prize)?.winner).toEqual({
      ticket_number: 2,
      entry_reference: `PRZ-2030-000001${prize}`,
      user_id: ids.ada,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 7700 900123',
    })
  })
})

describe('GET /api/admin/competitions/:id/history', () => {
  test('every event, oldest first, with who, when, what and why', async () => {
    const body = endpoints.adminCompetitionHistory.response.parse(
      await get(endpoints.adminCompetitionHistory.path.replace(':id', prize)),
    )
    expect(body.events.map((e) => e.revision)).toEqual(body.events.map((_, i) => i))
    const [creation, publication] = body.events
    expect(creation).toMatchObject({
      type: 'CompetitionCreated',
      actor: { kind: 'admin', id: ids.admin, name: 'Grace Hopper', email: 'grace@example.com' },
      reason: null,
    })
    expect(creation?.summary).toMatch(/^Created "Win the [0-9a-f-]+": \d+ tickets at £2\.99$/)
    expect(publication?.type).toBe('CompetitionPublished')
    const allocation = body.events.find((e) => e.type === 'TicketsAllocated')
    expect(allocation).toMatchObject({
      actor: { kind: 'user', id: ids.ada, name: 'Ada Lovelace' },
      summary: `PRZ-2030-000001${prize}: tickets #1–#2 paid £5.98 (correct answer)`,
    })
    const refund = body.events.find((e) => e.type === 'EntryRefunded')
    expect(refund?.actor).toEqual({ kind: 'system', id: 'refunds', name: null, email: null })
    expect(refund?.summary).toMatch(/^Refunded £2\.99/)
    const erasedEntrant = body.events.filter((e) => e.actor.id === ids.erased)
    expect(erasedEntrant.length).toBeGreaterThan(0)
    for (const event of erasedEntrant) expect(event.actor).toMatchObject({ name: null, email: null })
    const completed = body.events.find((e) => e.type === 'DrawCompleted')
    expect(completed).toMatchObject({
      reason: 'Monthly draw',
      summary: expect.stringContaining('ticket #2 won'),
    })
  })

  test('50 events a page, oldest first, with the total', async () => {
    const busy = '00000000-0000-4000-9000-00000000b059'
    const path = endpoints.adminCompetitionHistory.path.replace(':id', busy)
    const sales: CompetitionStreamEvent[] = []
    for (let i = 1; i <= 30; i += 1) sales.push(...purchase(busy, entry(100 + i), ids.ada, 1, [i]))
    await given(busy, [created(busy, '2030-06-01T00:00:00.000Z'), ...sales], {
      userId: ids.ada,
      role: 'user',
    })
    const first = endpoints.adminCompetitionHistory.response.parse(await get(path))
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 61, totalPages: 2 })
    expect(first.events.map((e) => e.revision)).toEqual(Array.from({ length: 50 }, (_, i) => i))
    const second = endpoints.adminCompetitionHistory.response.parse(await get(`${path}?page=2`))
    expect(second.events.map((e) => e.revision)).toEqual(Array.from({ length: 11 }, (_, i) => 50 + i))
    const beyond = endpoints.adminCompetitionHistory.response.parse(await get(`${path}?page=9`))
    expect(beyond).toMatchObject({ page: 9, events: [], total: 61 })
  })

  test('admins only; an unknown competition is 404', async () => {
    const path = endpoints.adminCompetitionHistory.path.replace(':id', prize)
    expect((await harness.get(path)).status).toBe(401)
    const missing = await harness.get(
      endpoints.adminCompetitionHistory.path.replace(':id', '00000000-0000-4000-8000-000000000000'),
      adminToken,
    )
    expect(missing.status).toBe(404)
  })
})

describe('the public winners list', () => {
  test('first name and initial, and town', async () => {
    const body = endpoints.listWinners.response.parse(await get(endpoints.listWinners.path))
    expect(body.winners).toEqual([
      expect.objectContaining({
        competitionId: prize,
        winnerName: 'Ada L.',
        town: 'Leeds',
        ticketNumber: 2,
      }),
    ])
  })
})

describe('lookUpPeople', () => {
  test('finds people among more ids than one query may carry', async () => {
    const many = Array.from({ length: 70_000 }, () => randomUUID())
    const people = await lookUpPeople(harness.db.knex, [...many, ids.ada, ids.erased, ids.ada])
    expect([...people.keys()]).toEqual([ids.ada])
    expect(people.get(ids.ada)).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' })
  })
})
