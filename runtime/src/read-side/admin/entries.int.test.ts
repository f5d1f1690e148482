import { randomUUID } from 'node:crypto'
import {
  competitionStream,
  type EntryEvent,
  type EventMetadata,
  endpoints,
  type UserEvent,
  userStream,
} from '@prizes/contracts'
import { createApp, createKnexSessionStore, userKeysTable } from '@prizes/platform'
import { type Served, serve } from '@prizes/platform/testing'
import { type CompetitionStreamEvent, eventMetadata } from '@prizes/projections/testing'
import { adminEntriesRouter } from '@prizes/query-service'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Person, type QueryHarness, startQueryHarness } from '../testing/query-harness'
import { created, reserve } from '../testing/test-events'

/**
 * The admin entries list, details and export over HTTP: paging (15 a page, newest first), the
 * filters and the search (reference, name, email), the details with the entry's history and who
 * did what, the streamed export's exact CSV across batches, and who may ask.
 */

let harness: QueryHarness
let served: Served
/** The same routes with export batches of 4 rows, so an export crosses batches. */
let smallBatches: Served
const tokens = { admin: '', user: '' }

const ids = { admin: randomUUID(), ada: randomUUID(), bob: randomUUID(), eve: randomUUID() }
const spring = '00000000-0000-4000-9000-00000000a001'
const summer = '00000000-0000-4000-9000-00000000a002'
const entry = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`
const reference = (n: number) => `PRZ-2030-${String(n).padStart(6, '0')}`
let minute = 0
const today = new Date('2030-03-04T12:00:00.000Z')

beforeAll(async () => {
  harness = await startQueryHarness('query_admin_entries', { clock: () => today })
  served = harness.served
  const { db, secrets, logger } = harness
  const sessions = createKnexSessionStore(db.knex)
  smallBatches = await serve(
    createApp({
      name: 'query',
      logger,
      routers: [
        adminEntriesRouter({
          knex: db.knex,
          secret: secrets.jwt,
          sessions,
          clock: () => today,
          exportBatchSize: 4,
        }),
      ],
    }).callback(),
  )
  tokens.admin = await harness.session(ids.admin, 'admin')
  tokens.user = await harness.session(ids.bob, 'user')

  await register(ids.admin, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' })
  await register(ids.ada, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })
  await register(ids.bob, { firstName: '=HYPERLINK("x")', lastName: 'Tables', email: 'bob@example.com' })
  await register(ids.eve, { firstName: 'Eve', lastName: 'Gone', email: 'eve@example.com' })

  await given(spring, [created(spring, '2030-06-01T00:00:00.000Z')])
  await given(spring, [{ type: 'CompetitionPublished', data: { competitionId: spring } }])
  await given(summer, [created(summer, '2030-08-01T00:00:00.000Z')])
  await given(summer, [{ type: 'CompetitionPublished', data: { competitionId: summer } }])
  // Entries 1..16 paid (Ada on spring, Bob on summer, alternately), 17 pending, 18 Eve's.
  for (let n = 1; n <= 16; n += 1) {
    const competition = n % 2 === 1 ? spring : summer
    await given(competition, purchase(competition, n, n % 2 === 1 ? ids.ada : ids.bob))
  }
  await given(spring, [reserve(spring, entry(17), ids.ada, 2)])
  await given(summer, purchase(summer, 18, ids.eve))
  await given(
    spring,
    [
      {
        type: 'EntryRefunded',
        data: {
          competitionId: spring,
          entryId: entry(1),
          amountPence: 299,
          paymentIntentId: `pi_${entry(1)}`,
          refundId: 're_1',
          reason: 'Asked by phone',
        },
      },
    ],
    { userId: ids.admin, role: 'admin' },
    'Asked by phone',
  )
  // Eve is erased: her entry stays, without her name.
  await harness.db.knex(userKeysTable).where({ user_id: ids.eve }).delete()
  await appendUser(ids.eve, [{ type: 'UserErased', data: { userId: ids.eve } }])
})
afterAll(async () => {
  await smallBatches?.close()
  await harness?.close()
})

function purchase(competitionId: string, n: number, userId: string): EntryEvent[] {
  const entryId = entry(n)
  const reserved = reserve(competitionId, entryId, userId, 1)
  return [
    reserved,
    {
      type: 'TicketsAllocated',
      data: {
        competitionId,
        entryId,
        userId,
        ticketNumbers: [n],
        entryReference: reference(n),
        answer: 'Paris',
        answerCorrect: n !== 3,
        amountPence: 299,
        paymentIntentId: `pi_${entryId}`,
      },
    },
  ]
}

/** Each event a minute after the last, so "newest first" is well defined. */
function metadata(actor: EventMetadata['actor'], reason?: string): EventMetadata {
  minute += 1
  const stamped = { ...eventMetadata(new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString()), actor }
  return reason === undefined ? stamped : { ...stamped, reason }
}

async function given(
  id: string,
  events: CompetitionStreamEvent[],
  actor: EventMetadata['actor'] = { system: 'test' },
  reason?: string,
) {
  const stamped = events.map((e) => ({ type: e.type, data: e.data, metadata: metadata(actor, reason) }))
  await harness.append(competitionStream(id), stamped)
}

async function appendUser(userId: string, events: UserEvent[]) {
  const stamped = events.map((e) => ({ type: e.type, data: e.data, metadata: metadata({ system: 'test' }) }))
  await harness.append(userStream(userId), stamped)
}

async function register(userId: string, person: Person) {
  const phone = userId === ids.bob ? '' : '+44 7700 900123'
  const address = '12 High Street, Leeds, LS1 1AA'
  await appendUser(userId, [await harness.registration(userId, { ...person, phone, address })])
}

const call = (path: string, token?: string, base = served.url) =>
  fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})

async function list(query = '') {
  const response = await call(`/api/admin/entries${query}`, tokens.admin)
  expect(response.status, await response.clone().text()).toBe(200)
  return endpoints.adminListEntries.response.parse(await response.json())
}
const refsOf = (body: { entries: { entry_reference: string | null; id: string }[] }) =>
  body.entries.map((e) => e.entry_reference ?? e.id)

describe('who may ask', () => {
  for (const path of ['/api/admin/entries', `/api/admin/entries/${entry(2)}`, '/api/admin/entries/export']) {
    test(`${path}: signed out 401, a user 403, an admin 200`, async () => {
      expect((await call(path)).status).toBe(401)
      expect((await call(path, tokens.user)).status).toBe(403)
      expect((await call(path, tokens.admin)).status).toBe(200)
    })
  }
})

describe('the entries list', () => {
  test('15 a page, newest first (paid, else reserved); the next page has the rest', async () => {
    const first = await list()
    expect(first).toMatchObject({ page: 1, pageSize: 15, hasMore: true })
    // Entry 17 was reserved after 1..16 were paid, entry 18 paid after it.
    expect(refsOf(first)).toEqual([
      reference(18),
      entry(17),
      ...[16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map(reference),
    ])
    const second = await list('?page=2')
    expect(refsOf(second)).toEqual([3, 2, 1].map(reference))
    expect(second.hasMore).toBe(false)
    expect((await list('?page=3')).entries).toEqual([])
  })

  test('a row as SPEC section 3 lists it; an erased entrant has no name', async () => {
    const { entries } = await list('?search=PRZ-2030-000002')
    expect(entries).toEqual([
      {
        id: entry(2),
        entry_reference: reference(2),
        user_name: '=HYPERLINK("x") Tables',
        competition_id: summer,
        competition_title: `Win the ${summer}`,
        competition_status: 'active',
        number_of_entries: 1,
        total_cost: 2.99,
        payment_status: 'paid',
        entry_date: expect.stringMatching(/^2030-01-01T00:/),
        entry_method: 'online',
      },
    ])
    expect((await list('?search=prz-2030-000018')).entries[0]?.user_name).toBeNull()
  })

  test('filters: competition, payment status, and both', async () => {
    expect(refsOf(await list(`?competition=${summer}`))).toEqual(
      [18, 16, 14, 12, 10, 8, 6, 4, 2].map(reference),
    )
    expect(refsOf(await list('?paymentStatus=pending'))).toEqual([entry(17)])
    expect(refsOf(await list('?paymentStatus=refunded'))).toEqual([reference(1)])
    expect(refsOf(await list(`?competition=${summer}&paymentStatus=refunded`))).toEqual([])
    const paidSpring = await list(`?competition=${spring}&paymentStatus=paid`)
    expect(refsOf(paidSpring)).toEqual([15, 13, 11, 9, 7, 5, 3].map(reference))
  })

  test('search: a reference (any case), or the entrant by name or email prefix', async () => {
    expect(refsOf(await list('?search=%20prz-2030-000007%20'))).toEqual([reference(7)])
    expect(refsOf(await list('?search=lovelace&paymentStatus=pending'))).toEqual([entry(17)])
    const ada = await list('?search=ada%40exam')
    expect(ada.entries).toHaveLength(9)
    expect(ada.entries.every((e) => e.user_name === 'Ada Lovelace')).toBe(true)
    expect(refsOf(await list(`?search=tables&competition=${spring}`))).toEqual([])
    expect(refsOf(await list('?search=eve'))).toEqual([])
    expect(refsOf(await list('?search=PRZ-2030-999999'))).toEqual([])
    expect(refsOf(await list('?search=nobody'))).toEqual([])
  })

  test('query values outside the contract are 400', async () => {
    for (const query of [
      '?paymentStatus=lost',
      '?competition=nope',
      '?page=0',
      `?search=${'x'.repeat(101)}`,
    ]) {
      expect((await call(`/api/admin/entries${query}`, tokens.admin)).status, query).toBe(400)
    }
  })
})

describe('the entry details', () => {
  test('the answer and whether it is correct, the entrant, tickets, and the history with who and why', async () => {
    const response = await call(`/api/admin/entries/${entry(1)}`, tokens.admin)
    expect(response.status).toBe(200)
    const { entry: details } = endpoints.adminGetEntry.response.parse(await response.json())
    expect(details).toMatchObject({
      id: entry(1),
      entry_reference: reference(1),
      payment_status: 'refunded',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 7700 900123',
      skill_question_answer: 'Paris',
      answer_correct: true,
      userDetails: {
        id: ids.ada,
        firstName: 'Ada',
        address: '12 High Street, Leeds, LS1 1AA',
        erased: false,
      },
      ticket_numbers: [1],
      refund_reason: 'Asked by phone',
    })
    expect(details.paid_at).not.toBeNull()
    expect(details.refunded_at).not.toBeNull()
    expect(details.history.map((event) => event.type)).toEqual([
      'TicketsReserved',
      'TicketsAllocated',
      'EntryRefunded',
    ])
    const refunded = details.history[2]
    expect(refunded?.actor).toEqual({
      kind: 'admin',
      id: ids.admin,
      name: 'Grace Hopper',
      email: 'grace@navy.example',
    })
    expect(refunded?.reason).toBe('Asked by phone')
    expect(refunded?.summary).toContain('Refunded £2.99')
  })

  test('a wrong answer says so; an erased entrant shows empty details', async () => {
    const wrong = endpoints.adminGetEntry.response.parse(
      await (await call(`/api/admin/entries/${entry(3)}`, tokens.admin)).json(),
    )
    expect(wrong.entry.answer_correct).toBe(false)
    const erased = endpoints.adminGetEntry.response.parse(
      await (await call(`/api/admin/entries/${entry(18)}`, tokens.admin)).json(),
    )
    expect(erased.entry).toMatchObject({
      user_name: null,
      email: '',
      userDetails: { erased: true, email: '' },
    })
  })

  test('an unknown entry is 404; an id that cannot be one 400', async () => {
    expect((await call(`/api/admin/entries/${randomUUID()}`, tokens.admin)).status).toBe(404)
    expect((await call('/api/admin/entries/nope', tokens.admin)).status).toBe(400)
  })
})

describe('the export', () => {
  /** A phone starting with + is defused like any formula (see `csvField`). */
  const ada = "Ada Lovelace,ada@example.com,'+44 7700 900123"
  const bob = `"'=HYPERLINK(""x"") Tables",bob@example.com,N/A`
  /** Every line but its entry date (before the entry method), which is checked to be an ISO date. */
  const expected = [
    '#,Reference,User Name,Email,Phone,Entries,Cost,Payment Status,Entry Date,Entry Method',
    `1,${reference(18)},,,N/A,1,2.99,paid,online`,
    `2,,${ada},2,5.98,pending,online`,
    ...[16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map(
      (n, i) => `${i + 3},${reference(n)},${n % 2 === 1 ? ada : bob},1,2.99,paid,online`,
    ),
    `18,${reference(1)},${ada},1,2.99,refunded,online`,
  ]
  const withoutDates = (text: string) => {
    const rows = text.split('\r\n')
    expect(rows.at(-1)).toBe('')
    return rows.slice(0, -1).map((row, i) => {
      if (i === 0) return row
      const method = row.slice(row.lastIndexOf(','))
      const dated = row.slice(0, row.lastIndexOf(','))
      const cut = dated.lastIndexOf(',')
      expect(dated.slice(cut + 1)).toMatch(/^2030-01-01T00:\d\d:00\.000Z$/)
      return dated.slice(0, cut) + method
    })
  }

  test('a dated CSV of every entry, SPEC section 9 columns, injection safe, exact across batches', async () => {
    for (const base of [served.url, smallBatches.url]) {
      const response = await call('/api/admin/entries/export', tokens.admin, base)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/csv')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      if (base === served.url) {
        expect(response.headers.get('content-disposition')).toBe(
          'attachment; filename="entries-2030-03-04.csv"',
        )
      }
      expect(withoutDates(await response.text())).toEqual(expected)
    }
  })

  test('the filters apply to the export too', async () => {
    const response = await call(
      '/api/admin/entries/export?paymentStatus=refunded',
      tokens.admin,
      smallBatches.url,
    )
    expect(withoutDates(await response.text())).toEqual([
      expected[0],
      `1,${reference(1)},${ada},1,2.99,refunded,online`,
    ])
    const search = await call('/api/admin/entries/export?search=tables', tokens.admin, smallBatches.url)
    expect(withoutDates(await search.text())).toHaveLength(1 + 8)
    expect((await call('/api/admin/entries/export?paymentStatus=lost', tokens.admin)).status).toBe(400)
  })
})

describe('a refund requested and not yet recorded', () => {
  test('shows as refund pending, with the request in the history', async () => {
    const autumn = '00000000-0000-4000-9000-00000000a003'
    await given(autumn, [created(autumn, '2030-10-01T00:00:00.000Z')])
    await given(autumn, [{ type: 'CompetitionPublished', data: { competitionId: autumn } }])
    await given(autumn, purchase(autumn, 30, ids.ada))
    await given(
      autumn,
      [
        {
          type: 'EntryRefundRequested',
          data: {
            competitionId: autumn,
            entryId: entry(30),
            amountPence: 299,
            paymentIntentId: `pi_${entry(30)}`,
            reason: 'Asked by email',
          },
        },
      ],
      { userId: ids.admin, role: 'admin' },
      'Asked by email',
    )
    const listed = await list(`?competition=${autumn}`)
    expect(listed.entries.map((row) => row.payment_status)).toEqual(['refund_pending'])
    const response = await call(`/api/admin/entries/${entry(30)}`, tokens.admin)
    const { entry: details } = endpoints.adminGetEntry.response.parse(await response.json())
    expect(details).toMatchObject({ payment_status: 'refund_pending', refund_reason: 'Asked by email' })
    expect(details.refunded_at).toBeNull()
    const requested = details.history.at(-1)
    expect(requested).toMatchObject({ type: 'EntryRefundRequested', reason: 'Asked by email' })
    expect(requested?.summary).toContain('Refund of £2.99 requested')
  })
})
