import { randomUUID } from 'node:crypto'
import { type ContactTopic, contactKeyId, contactStream, endpoints } from '@prizes/contracts'
import { encryptValue, generateUserKey, userKeysTable } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type QueryHarness, startQueryHarness } from '../testing/query-harness'

/**
 * Issue 24: the admin's Messages tab shows complaints by the deadline due next, the overdue
 * first and marked: an open complaint is due to be acknowledged, an answered one is due its
 * final answer, a closed one is due nothing (last).
 */

let harness: QueryHarness
let admin = ''
// Wednesday 20 March 2030, London.
const now = new Date('2030-03-20T12:00:00.000Z')

const metadata = (at: string) => ({
  eventId: randomUUID(),
  occurredAt: at,
  actor: { system: 'anonymous-web' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  schemaVersion: 1,
})

async function received(
  reference: string,
  at: string,
  topic: ContactTopic,
  deadlines?: { acknowledgeBy: string; finalAnswerBy: string } | null,
) {
  const key = generateUserKey()
  await harness.db
    .knex(userKeysTable)
    .insert({ user_id: contactKeyId(reference), key_id: key.id, key: key.key })
  const seal = (value: string) => encryptValue(key, value)
  await harness.append(contactStream(reference), [
    {
      type: 'ContactMessageReceived',
      data: {
        reference,
        topic,
        name: seal('Ada'),
        email: seal(`${reference.toLowerCase()}@example.com`),
        subject: seal('A subject'),
        message: seal('A message long enough.'),
        userId: null,
        ...(deadlines === undefined ? {} : { deadlines }),
      },
      metadata: metadata(at),
    },
  ])
}

const step = (reference: string, type: 'ContactMessageAnswered' | 'ContactMessageClosed', at: string) =>
  harness.append(contactStream(reference), [
    {
      type,
      data:
        type === 'ContactMessageAnswered'
          ? { reference, answer: encryptValue(generateUserKey(), 'An answer.') }
          : { reference, note: null },
      metadata: metadata(at),
    },
  ])

beforeAll(async () => {
  harness = await startQueryHarness('query_complaint_deadlines', { clock: () => now })
  admin = await harness.session(randomUUID(), 'admin')
  // Open, acknowledgement overdue since 5 March.
  await received('CT-AAAAA2', '2030-03-01T10:00:00.000Z', 'complaint', {
    acknowledgeBy: '2030-03-05',
    finalAnswerBy: '2030-04-26',
  })
  // Open, due today: not overdue yet.
  await received('CT-AAAAA3', '2030-03-18T10:00:00.000Z', 'complaint', {
    acknowledgeBy: '2030-03-20',
    finalAnswerBy: '2030-05-13',
  })
  // Answered: the final answer is due next, on 26 April.
  await received('CT-AAAAA4', '2030-03-01T11:00:00.000Z', 'complaint', {
    acknowledgeBy: '2030-03-05',
    finalAnswerBy: '2030-04-26',
  })
  await step('CT-AAAAA4', 'ContactMessageAnswered', '2030-03-04T10:00:00.000Z')
  // Closed: nothing due.
  await received('CT-AAAAA5', '2030-02-01T10:00:00.000Z', 'complaint', {
    acknowledgeBy: '2030-02-05',
    finalAnswerBy: '2030-03-29',
  })
  await step('CT-AAAAA5', 'ContactMessageClosed', '2030-02-10T10:00:00.000Z')
  // A complaint from before its deadlines were recorded: they are worked out from its time
  // (Monday 4 March: acknowledged by Wednesday 6 March, answered by Monday 29 April).
  await received('CT-AAAAA6', '2030-03-04T10:00:00.000Z', 'complaint')
  // Not a complaint: no deadlines.
  await received('CT-AAAAA7', '2030-03-19T10:00:00.000Z', 'general', null)
}, 60_000)
afterAll(() => harness?.close())

async function list(query: string) {
  const response = await harness.get(`/api/admin/contact-messages${query}`, admin)
  expect(response.status, await response.clone().text()).toBe(200)
  return endpoints.adminListContactMessages.response.parse(await response.json())
}

describe('complaints by deadline', () => {
  test('the overdue first, then by the deadline due next; closed ones last', async () => {
    const { messages } = await list('?topic=complaint')
    expect(messages.map((m) => [m.reference, m.status, m.dueBy, m.overdue])).toEqual([
      ['CT-AAAAA2', 'open', '2030-03-05', true],
      ['CT-AAAAA6', 'open', '2030-03-06', true],
      ['CT-AAAAA3', 'open', '2030-03-20', false],
      ['CT-AAAAA4', 'answered', '2030-04-26', false],
      ['CT-AAAAA5', 'closed', null, false],
    ])
    expect(messages.find((m) => m.reference === 'CT-AAAAA6')?.deadlines).toEqual({
      acknowledgeBy: '2030-03-06',
      finalAnswerBy: '2030-04-29',
    })
  })

  test('every message keeps its place newest first, with deadlines only on complaints', async () => {
    const { messages } = await list('')
    expect(messages[0]).toMatchObject({
      reference: 'CT-AAAAA7',
      deadlines: null,
      dueBy: null,
      overdue: false,
    })
    expect(messages.find((m) => m.reference === 'CT-AAAAA2')).toMatchObject({ overdue: true })
  })

  test('the details show the deadlines too', async () => {
    const response = await harness.get('/api/admin/contact-messages/CT-AAAAA4', admin)
    const { message } = endpoints.adminGetContactMessage.response.parse(await response.json())
    expect(message).toMatchObject({
      deadlines: { acknowledgeBy: '2030-03-05', finalAnswerBy: '2030-04-26' },
      dueBy: '2030-04-26',
      overdue: false,
    })
  })

  test('the complaints list is served by its own index, not a scan', async () => {
    const plan = await harness.db.knex.transaction(async (trx) => {
      await trx.raw('analyze contact_messages')
      await trx.raw('set local enable_seqscan = off')
      return trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        `explain select * from contact_messages where topic = 'complaint'
         order by due_by asc nulls last, received_at desc, reference desc limit 11`,
      )
    })
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('contact_messages_complaints_due')
  })
})
