import { contactStream, endpoints, longDate } from '@prizes/contracts'
import { complaintDeadlines } from '@prizes/domain'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PlatformUnderTest, startPlatformUnderTest } from './testing/platform-under-test'

/**
 * Issue 14: complaints from the contact form, through the gateway on the whole platform. The
 * sender marks the message a complaint; an admin finds it, answers it (emailed to the sender,
 * quoting the reference) and closes it; each step is an event with the admin as actor and is in
 * the message's trail; the answer and the note are stored encrypted like the message.
 */

let platform: PlatformUnderTest
let knex: Knex
let admin: string

beforeAll(async () => {
  platform = await startPlatformUnderTest('complaints')
  knex = createKnex(platform.databaseUrl)
  admin = platform.tokens.admin
}, 120_000)
afterAll(async () => {
  await knex?.destroy()
  await platform?.stop()
})

const eventually = (check: () => Promise<boolean>, what: string) =>
  expect.poll(check, { message: `never: ${what}`, timeout: 15_000, interval: 100 }).toBe(true)

const complaint = {
  name: 'Grace Hopper',
  email: 'grace-complaint@example.com',
  topic: 'complaint',
  subject: 'My refund never arrived',
  message: 'The competition was cancelled two weeks ago and I have not been refunded.',
}
const route = (reference: string, step = '') => `/api/admin/contact-messages/${reference}${step}`

async function send(body: Record<string, unknown>): Promise<string> {
  const sent = await platform.call('POST', '/api/contact', body)
  expect(sent.status).toBe(201)
  return String(sent.body.reference)
}

async function details(reference: string) {
  const answer = await platform.call('GET', route(reference), undefined, admin)
  expect(answer.status).toBe(200)
  return endpoints.adminGetContactMessage.response.parse(answer.body).message
}

const streamEvents = (reference: string) =>
  knex('events')
    .where({ stream_id: contactStream(reference) })
    .orderBy('revision')
    .select<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[]>(
      'type',
      'data',
      'metadata',
    )

describe('complaints', () => {
  it('are marked, filtered, answered by email quoting the reference, closed, and each step is in the trail', async () => {
    const reference = await send(complaint)
    const general = await send({ ...complaint, topic: 'general', email: 'someone-else@example.com' })

    await eventually(async () => {
      const list = await platform.call('GET', '/api/admin/contact-messages?topic=complaint', undefined, admin)
      const rows = (list.body.messages ?? []) as { reference: string; status: string; topic: string }[]
      return rows.some((row) => row.reference === reference && row.status === 'open')
    }, 'the complaint listed as open')
    const complaints = await platform.call(
      'GET',
      '/api/admin/contact-messages?topic=complaint',
      undefined,
      admin,
    )
    const listed = (complaints.body.messages as { reference: string; topic: string }[]).map(
      (m) => m.reference,
    )
    expect(listed).toContain(reference)
    expect(listed).not.toContain(general)

    const answerText = 'We have refunded £12.50 to your card today; it shows within 5 to 10 working days.'
    const answered = await platform.call('POST', route(reference, '/answer'), { answer: answerText }, admin)
    expect(answered).toMatchObject({ status: 200, body: { success: true } })

    await eventually(async () => {
      const [mail] = await knex('mail_outbox').where({
        template: 'contact-answer',
        recipient: complaint.email,
      })
      return mail !== undefined
    }, 'the answer queued for the sender')
    const [mail] = await knex('mail_outbox').where({ template: 'contact-answer', recipient: complaint.email })
    expect(mail.subject).toContain(reference)
    expect(mail.text_body).toContain(answerText)

    const closed = await platform.call(
      'POST',
      route(reference, '/close'),
      { note: 'Refund confirmed' },
      admin,
    )
    expect(closed).toMatchObject({ status: 200, body: { success: true } })
    // Closing what is closed records nothing more.
    expect((await platform.call('POST', route(reference, '/close'), {}, admin)).status).toBe(200)

    const events = await streamEvents(reference)
    expect(events.map((event) => event.type)).toEqual([
      'ContactMessageReceived',
      'ContactMessageAnswered',
      'ContactMessageClosed',
    ])
    for (const event of events.slice(1)) expect(event.metadata.actor).toMatchObject({ role: 'admin' })
    // Encrypted like the message: neither the answer nor the note is in the log in clear.
    expect(JSON.stringify(events)).not.toContain('refunded £12.50')
    expect(JSON.stringify(events)).not.toContain('Refund confirmed')

    await eventually(async () => (await details(reference)).status === 'closed', 'the message closed')
    const message = await details(reference)
    expect(message.history.map((step) => [step.type, step.actor.kind, step.text])).toEqual([
      ['ContactMessageReceived', 'system', null],
      ['ContactMessageAnswered', 'admin', answerText],
      ['ContactMessageClosed', 'admin', 'Refund confirmed'],
    ])
    expect(message.history[1]?.actor.email).toBe('complaints-admin@example.com')

    const closedList = await platform.call(
      'GET',
      '/api/admin/contact-messages?status=closed',
      undefined,
      admin,
    )
    expect((closedList.body.messages as { reference: string }[]).map((m) => m.reference)).toEqual([reference])

    // A closed message is not answered again.
    const again = await platform.call('POST', route(reference, '/answer'), { answer: answerText }, admin)
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'CONTACT_MESSAGE_CLOSED', message: 'This message is closed and cannot be answered' },
    })
    expect(await streamEvents(reference)).toHaveLength(3)
  })

  it('refuses bad answers and notes, unknown references, and anyone but an admin', async () => {
    const reference = await send(complaint)
    const answer = (body: unknown, token = admin, ref = reference) =>
      platform.call('POST', route(ref, '/answer'), body, token)
    expect(await answer({ answer: ' ' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { answer: ['Please write an answer'] } },
    })
    expect((await answer({ answer: 'x'.repeat(5001) })).status).toBe(400)
    expect((await answer({})).status).toBe(400)
    expect(
      (await platform.call('POST', route(reference, '/close'), { note: 'n'.repeat(1001) }, admin)).status,
    ).toBe(400)
    expect((await answer({ answer: 'A long enough answer.' }, admin, 'CT-ZZZZZZ')).status).toBe(404)
    expect((await answer({ answer: 'A long enough answer.' }, admin, 'not-a-ref')).status).toBe(400)
    expect((await answer({ answer: 'A long enough answer.' }, platform.tokens.user)).status).toBe(403)
    expect(
      (await platform.call('POST', route(reference, '/answer'), { answer: 'A long enough answer.' })).status,
    ).toBe(401)
    expect((await streamEvents(reference)).map((event) => event.type)).toEqual(['ContactMessageReceived'])
  })

  it('tell the sender, on screen and by email, when we will acknowledge and answer (issue 24)', async () => {
    const before = new Date()
    const sent = await platform.call('POST', '/api/contact', { ...complaint, email: 'deadlines@example.com' })
    expect(sent.status).toBe(201)
    const answer = endpoints.contact.response.parse(sent.body)
    // The platform's clock is the real one: the deadlines are those of today in London.
    expect(answer.deadlines).toEqual(complaintDeadlines(before))
    const deadlines = answer.deadlines ?? { acknowledgeBy: '', finalAnswerBy: '' }
    expect(answer.message).toContain(`acknowledge your complaint by ${longDate(deadlines.acknowledgeBy)}`)
    expect(answer.message).toContain(`final answer by ${longDate(deadlines.finalAnswerBy)}`)

    const general = await platform.call('POST', '/api/contact', { ...complaint, topic: 'general' })
    expect(endpoints.contact.response.parse(general.body).deadlines).toBeNull()

    await eventually(async () => {
      const [mail] = await knex('mail_outbox').where({
        template: 'contact-acknowledgement',
        recipient: 'deadlines@example.com',
      })
      return mail !== undefined
    }, 'the acknowledgement queued')
    const [mail] = await knex('mail_outbox').where({
      template: 'contact-acknowledgement',
      recipient: 'deadlines@example.com',
    })
    expect(mail.text_body).toContain(longDate(deadlines.acknowledgeBy))
    expect(mail.text_body).toContain(longDate(deadlines.finalAnswerBy))
    expect(mail.text_body).toContain('/complaints')

    await eventually(async () => {
      const list = await platform.call('GET', '/api/admin/contact-messages?topic=complaint', undefined, admin)
      const rows = endpoints.adminListContactMessages.response.parse(list.body).messages
      return rows.some((row) => row.reference === answer.reference && row.dueBy === deadlines.acknowledgeBy)
    }, 'the complaint listed with its acknowledgement due')
  })
})
