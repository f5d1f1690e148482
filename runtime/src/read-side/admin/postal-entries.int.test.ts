import { randomUUID } from 'node:crypto'
import { competitionStream, type EntryEvent, endpoints, userStream } from '@prizes/contracts'
import { type CompetitionStreamEvent, eventMetadata } from '@prizes/projections/testing'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, purchase } from '../testing/test-events'

/**
 * Issue 14: a postal entry reads as "postal" in every list and export (the admin's entries list
 * and competition dialog, both CSV exports, the entrant's dashboard), and the entrant learns
 * whether an entry is in the draw only once the competition has closed.
 */

let harness: QueryHarness
const tokens = { admin: '', ada: '' }
const ids = { admin: randomUUID(), ada: randomUUID() }
const competition = '00000000-0000-4000-9000-0000000b0001'
const paid = '00000000-0000-4000-9000-0000000b1001'
const postal = '00000000-0000-4000-9000-0000000b1002'
const postalReference = 'PRZ-2030-000777'

function postalEntry(): EntryEvent {
  return {
    type: 'PostalEntryRecorded',
    data: {
      competitionId: competition,
      entryId: postal,
      userId: ids.ada,
      ticketNumbers: [3],
      entryReference: postalReference,
      answer: 'Paris',
      answerCorrect: true,
      amountPence: 0,
      paymentIntentId: null,
      receivedAt: '2030-01-01T00:00:00.000Z',
      allocatedAt: '2030-01-01T09:30:00.000Z',
    },
  }
}

async function given(events: CompetitionStreamEvent[]) {
  const stamped = events.map((e) => ({
    type: e.type,
    data: e.data,
    metadata: { ...eventMetadata('2030-01-01T09:00:00.000Z'), actor: { userId: ids.admin, role: 'admin' } },
  }))
  await harness.append(competitionStream(competition), stamped)
}

beforeAll(async () => {
  harness = await startQueryHarness('query_postal_entries', { clock: () => new Date('2030-03-04T12:00:00Z') })
  tokens.admin = await harness.session(ids.admin, 'admin')
  tokens.ada = await harness.session(ids.ada, 'user')
  const registered = await harness.registration(ids.ada, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
  })
  await harness.append(userStream(ids.ada), [
    { type: registered.type, data: registered.data, metadata: eventMetadata('2030-01-01T08:00:00.000Z') },
  ])
  const [reserved, allocated] = purchase(competition, paid, ids.ada, 2, [1, 2])
  if (!reserved || !allocated || allocated.type !== 'TicketsAllocated') throw new Error('no purchase')
  await given([
    created(competition, '2030-06-01T00:00:00.000Z'),
    { type: 'CompetitionPublished', data: { competitionId: competition } },
    reserved,
    // A wrong answer: it must not say so before the close.
    { ...allocated, data: { ...allocated.data, answer: 'Rome', answerCorrect: false } },
    postalEntry(),
  ])
})
afterAll(() => harness?.close())

const read = async (path: string, token: string) => {
  const response = await harness.get(path, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return response
}

describe('postal entries in the read models', () => {
  test('the admin entries list and its export say postal', async () => {
    const body = endpoints.adminListEntries.response.parse(
      await (await read(`/api/admin/entries?competition=${competition}`, tokens.admin)).json(),
    )
    expect(body.entries.map((e) => [e.entry_reference, e.entry_method, e.total_cost])).toEqual([
      [postalReference, 'postal', 0],
      [`PRZ-2030-000001${competition}`, 'online', 5.98],
    ])
    const csv = await (
      await read(`/api/admin/entries/export?competition=${competition}`, tokens.admin)
    ).text()
    const lines = csv.trimEnd().split('\r\n')
    expect(lines[0]?.endsWith(',Entry Method')).toBe(true)
    expect(lines[1]).toMatch(
      new RegExp(
        `^1,${postalReference},Ada Lovelace,ada@example.com,.*,1,0\\.00,Postal \\(free\\),.*,postal$`,
      ),
    )
    expect(lines[2]).toMatch(/,online$/)
  })

  test("the competition's entries dialog and its export say postal", async () => {
    const body = endpoints.adminCompetitionEntries.response.parse(
      await (await read(`/api/admin/competitions/${competition}/entries`, tokens.admin)).json(),
    )
    expect(body.entries.map((e) => [e.entryReference, e.entryMethod])).toEqual([
      [postalReference, 'postal'],
      [`PRZ-2030-000001${competition}`, 'online'],
    ])
    expect(body.summary).toMatchObject({ total: 2, totalTicketsSold: 3 })
    const csv = await (
      await read(`/api/admin/competitions/${competition}/entries/export`, tokens.admin)
    ).text()
    expect(csv.trimEnd().split('\r\n')[1]).toMatch(new RegExp(`^1,${postalReference},.*,postal$`))
  })

  test("the entrant's dashboard shows it as postal, and says nothing of the draw before the close", async () => {
    const { entries } = endpoints.listEntries.response.parse(
      await (await read(endpoints.listEntries.path, tokens.ada)).json(),
    )
    expect(entries.map((e) => [e.entryReference, e.entryMethod, e.drawStatus]).sort()).toEqual([
      [`PRZ-2030-000001${competition}`, 'online', null],
      [postalReference, 'postal', null],
    ])
    // Nothing in the answer tells a right answer from a wrong one while entries are open.
    const raw = await (await read(endpoints.listEntries.path, tokens.ada)).text()
    expect(raw).not.toMatch(/correct|Rome|Paris|in_draw/)
  })

  test('once closed: "in the draw" for the correct answer, "not in the draw" for the wrong one', async () => {
    await given([
      {
        type: 'CompetitionClosed',
        data: {
          competitionId: competition,
          reason: 'end_date',
          seal: { eligibleTickets: 1, listHash: 'a'.repeat(64), listVersion: 2 },
          randomness: { source: 'drand', round: 1000 },
        },
      },
    ])
    const { entries } = endpoints.listEntries.response.parse(
      await (await read(endpoints.listEntries.path, tokens.ada)).json(),
    )
    expect(entries.map((e) => [e.entryMethod, e.drawStatus]).sort()).toEqual([
      ['online', 'not_in_draw'],
      ['postal', 'in_draw'],
    ])
  })
})
