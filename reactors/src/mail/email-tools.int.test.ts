import { type AdminHarness, silentLogger, startAdminHarness } from '@prizes/command-service/testing'
import type { MailTransport } from '@prizes/command-service/use-cases'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailSender } from './outbox-sender'
import { createSmtpMailer } from './smtp-mailer'
import { mailTemplateClasses } from './templates/classification'
import { testMails } from './test-mails'
import { type RefusingSmtp, startRefusingSmtp } from './testing/refusing-smtp'

let smtp: RefusingSmtp
let transport: MailTransport
let harness: AdminHarness
let admin: { userId: string; email: string; token: string }
let user: { userId: string; token: string }

beforeAll(async () => {
  smtp = await startRefusingSmtp()
  transport = createSmtpMailer({ url: smtp.url, provider: 'Test SMTP' })
  harness = await startAdminHarness('email_tools', {
    email: {
      transport,
      publicUrl: 'https://prizes.test',
      testMails,
      testSendLimit: { max: 6, windowMs: 60 * 60_000 },
      sendTimeoutMs: 5_000,
    },
  })
  admin = await harness.adminAccount()
  user = await harness.user()
})
afterAll(async () => {
  await harness?.close()
  transport?.close()
  await smtp?.stop()
})

const post = (path: string, body: unknown, token: string | undefined = admin.token) =>
  harness.call('POST', path, body, token)
const get = (path: string, token: string | undefined = admin.token) =>
  harness.call('GET', path, undefined, token)
const acceptedFor = (address: string) => smtp.accepted.filter((message) => message.to.includes(address))
const outboxRow = (id: string) => harness.knex('mail_outbox').where({ id }).first()
/** The newest outbox rows of test sends to `to`, as the list shows them. */
async function listedFor(to: string, status?: string) {
  const answer = await get(`/api/admin/email/outbox${status ? `?status=${status}` : ''}`)
  expect(answer.status).toBe(200)
  return (answer.body.emails as Array<Record<string, unknown>>).filter((email) => email.recipient === to)
}

describe('email tools: authorisation', () => {
  const calls: Array<[string, string, unknown]> = [
    ['GET', '/api/email/status', undefined],
    ['POST', '/api/email/direct-test', { recipient: 'nobody@example.com' }],
    ['POST', '/api/email/test-all-templates', { recipient: 'nobody@example.com' }],
    [
      'POST',
      '/api/email/test-entry-confirmation',
      {
        email: 'nobody@example.com',
        firstName: 'A',
        competitionTitle: 'T',
        numberOfEntries: 1,
        totalCost: 1,
      },
    ],
    ['GET', '/api/admin/email/outbox', undefined],
    ['POST', '/api/admin/email/outbox/test:unknown/resend', undefined],
  ]
  it.each(calls)('%s %s: signed out 401, a user 403, and nothing is sent', async (method, path, body) => {
    expect((await harness.call(method, path, body)).status).toBe(401)
    expect((await harness.call(method, path, body, user.token)).status).toBe(403)
    expect(acceptedFor('nobody@example.com')).toEqual([])
  })
})

describe('GET /api/email/status', () => {
  it('reports the transport connected and allowed to send as our address', async () => {
    const answer = await get('/api/email/status')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      success: true,
      status: {
        configured: true,
        connection: true,
        permissions: true,
        provider: 'Test SMTP',
        email: 'no-reply@prizeplatform.local',
        connectionError: null,
        permissionsError: null,
        checkedAt: expect.any(String),
      },
    })
  })
})

describe('test sends: delivered through the transport and recorded in the outbox', () => {
  it('direct test: one plain message, marked as a test', async () => {
    const to = 'direct@example.com'
    const answer = await post('/api/email/direct-test', { recipient: ' Direct@Example.com ' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      result: { template: 'direct-test', status: 'sent', error: null },
    })
    expect(acceptedFor(to).map((message) => message.subject)).toEqual(['[TEST] Direct test email'])
    expect(await listedFor(to, 'sent')).toEqual([
      expect.objectContaining({ template: 'direct-test', status: 'sent', test: true, attempts: 1 }),
    ])
  })

  it('entry confirmation: the real template with the details given', async () => {
    const to = 'entrant@example.com'
    const answer = await post('/api/email/test-entry-confirmation', {
      email: to,
      firstName: 'Grace',
      competitionTitle: 'Win a lighthouse',
      numberOfEntries: 3,
      totalCost: 7.5,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ success: true, result: { status: 'sent' } })
    const [message] = acceptedFor(to)
    expect(message?.subject).toMatch(/^\[TEST\] Entry received: Win a lighthouse \(TEST-\d{6}\)$/)
    expect(message?.raw).toContain('Hello Grace,')
    expect(message?.raw).toContain('Number of entries: 3')
    expect(message?.raw).toContain('1001, 1002, 1003')
    expect(message?.raw).toContain('7.50')
    expect(message?.raw).toContain('This is a test email sent by an administrator')
  })

  it('all templates: one of each, each reported', async () => {
    const to = 'templates@example.com'
    const answer = await post('/api/email/test-all-templates', { recipient: to })
    expect(answer.status).toBe(200)
    // Every template of the registry, the refund and email-change emails included.
    const templates = Object.keys(mailTemplateClasses)
    expect(templates).toContain('entry-refund-email')
    expect(answer.body).toEqual({
      success: true,
      message: `All ${templates.length} templates sent to ${to}`,
      summary: { total: templates.length, successful: templates.length },
      results: templates.map((template) => ({ template, status: 'sent', error: null })),
    })
    const subjects = acceptedFor(to).map((message) => message.subject)
    expect(subjects).toHaveLength(templates.length)
    expect(subjects.every((subject) => subject.startsWith('[TEST] '))).toBe(true)
    expect((await listedFor(to)).map((email) => email.template).sort()).toEqual([...templates].sort())
  })

  it("a test to a user's address goes with their key, like their other emails", async () => {
    const someone = await harness.adminAccount()
    const answer = await post('/api/email/direct-test', { recipient: someone.email }, someone.token)
    expect(answer.body).toMatchObject({ success: true })
    const [listed] = await listedFor(someone.email)
    expect(await outboxRow(String(listed?.id))).toMatchObject({ user_id: someone.userId })
    await harness.knex('user_keys').where({ user_id: someone.userId }).delete()
    expect(await outboxRow(String(listed?.id))).toBeUndefined()
  })

  it('keeps finished test rows for 30 days; a new test send deletes older ones', async () => {
    const daysAgo = (days: number) => new Date(harness.clock.now().getTime() - days * 86_400_000)
    const row = (id: string, days: number, status: string) => ({
      id,
      template: 'direct-test',
      recipient: 'old@example.com',
      subject: '[TEST] Direct test email',
      status,
      attempts: 1,
      test: true,
      created_at: daysAgo(days),
      next_attempt_at: daysAgo(days),
    })
    await harness
      .knex('mail_outbox')
      .insert([
        row('test:old-sent', 31, 'sent'),
        row('test:old-pending', 31, 'pending'),
        row('test:recent', 29, 'sent'),
      ])
    expect((await post('/api/email/direct-test', { recipient: 'retention@example.com' })).status).toBe(200)
    expect(await outboxRow('test:old-sent')).toBeUndefined()
    expect(await outboxRow('test:old-pending')).toBeDefined()
    expect(await outboxRow('test:recent')).toBeDefined()
    await harness.knex('mail_outbox').whereIn('id', ['test:old-pending', 'test:recent']).delete()
  })

  it('refuses bad input with 400 before anything is sent', async () => {
    const entry = {
      email: 'entrant2@example.com',
      firstName: 'Grace',
      competitionTitle: 'Win a lighthouse',
      numberOfEntries: 3,
      totalCost: 7.5,
    }
    for (const bad of [
      { ...entry, email: 'not-an-address' },
      { ...entry, numberOfEntries: 11 },
      { ...entry, numberOfEntries: 1.5 },
      { ...entry, totalCost: -1 },
      { ...entry, totalCost: 1.001 },
      { ...entry, firstName: 'x'.repeat(101) },
      { ...entry, competitionTitle: ' ' },
    ]) {
      expect((await post('/api/email/test-entry-confirmation', bad)).status).toBe(400)
    }
    expect(
      (await post('/api/email/direct-test', { recipient: `${'x'.repeat(250)}@example.com` })).status,
    ).toBe(400)
    expect((await post('/api/email/test-all-templates', {})).status).toBe(400)
    expect(acceptedFor('entrant2@example.com')).toEqual([])
  })

  it('limits test sends per admin (429 with Retry-After)', async () => {
    const other = await harness.adminAccount()
    for (let sent = 0; sent < 6; sent += 1) {
      expect(
        (await post('/api/email/direct-test', { recipient: 'limit@example.com' }, other.token)).status,
      ).toBe(200)
    }
    const refused = await fetch(`${harness.url}/api/email/direct-test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
      body: JSON.stringify({ recipient: 'limit@example.com' }),
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(acceptedFor('limit@example.com')).toHaveLength(6)
  })
})

describe('the outbox: failures, resend and paging', () => {
  it('a refused test is reported and listed failed; resend puts it back once, and the sender sends it', async () => {
    const to = 'refused@example.com'
    smtp.refuseNext(1)
    const answer = await post('/api/email/direct-test', { recipient: to })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ success: false, result: { status: 'failed' } })
    expect(String((answer.body.result as { error: string }).error)).toContain('451')
    expect(acceptedFor(to)).toEqual([])

    const [failed] = await listedFor(to, 'failed')
    expect(failed).toMatchObject({
      status: 'failed',
      resendable: true,
      lastError: expect.stringContaining('451'),
    })
    const id = String(failed?.id)
    const route = `/api/admin/email/outbox/${encodeURIComponent(id)}/resend`

    const resent = await post(route, undefined)
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ success: true, email: { id, status: 'pending', resendCount: 1 } })
    expect(await outboxRow(id)).toMatchObject({ resent_by: admin.userId, attempts: 0, failed_at: null })
    // A second press (or a second admin) finds it waiting: nothing is queued twice.
    const again = await post(route, undefined)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ success: false, code: 'EMAIL_NOT_FAILED' })

    const sender = createMailSender({
      knex: harness.knex,
      mailer: transport,
      logger: silentLogger,
      now: harness.clock.now,
    })
    try {
      while ((await sender.sendDue()) > 0);
    } finally {
      await sender.close()
    }
    expect(acceptedFor(to).map((message) => message.subject)).toEqual(['[TEST] Direct test email'])
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', html: null, text_body: null })
    expect((await post(route, undefined)).status).toBe(409)
  })

  it('resend: an unknown email is 404, an id that cannot be one is 400', async () => {
    expect((await post('/api/admin/email/outbox/test:nothing-here/resend', undefined)).status).toBe(404)
    expect((await post('/api/admin/email/outbox/a%20b/resend', undefined)).status).toBe(400)
  })

  it('lists newest first, a page at a time, by status', async () => {
    const base = new Date('2031-01-01T00:00:00.000Z').getTime()
    await harness.knex('mail_outbox').insert(
      Array.from({ length: 25 }, (_, index) => ({
        id: `paging-${String(index).padStart(2, '0')}`,
        template: 'verification',
        recipient: `paging-${index}@example.com`,
        subject: `Paging ${index}`,
        status: index % 5 === 0 ? 'failed' : 'sent',
        attempts: 1,
        created_at: new Date(base + index * 1000),
        next_attempt_at: new Date(base + index * 1000),
      })),
    )
    const first = await get('/api/admin/email/outbox')
    expect(first.body).toMatchObject({ success: true, page: 1, pageSize: 20, hasMore: true })
    const ids = (first.body.emails as Array<{ id: string }>).map((email) => email.id)
    expect(ids).toEqual(
      Array.from({ length: 20 }, (_, index) => `paging-${String(24 - index).padStart(2, '0')}`),
    )
    const second = await get('/api/admin/email/outbox?page=2')
    expect((second.body.emails as Array<{ id: string }>).slice(0, 5).map((email) => email.id)).toEqual([
      'paging-04',
      'paging-03',
      'paging-02',
      'paging-01',
      'paging-00',
    ])

    const failed = await get('/api/admin/email/outbox?status=failed')
    const failedIds = (failed.body.emails as Array<{ id: string; status: string }>).filter((email) =>
      email.id.startsWith('paging-'),
    )
    expect(failedIds.map((email) => email.id)).toEqual([
      'paging-20',
      'paging-15',
      'paging-10',
      'paging-05',
      'paging-00',
    ])
    expect(
      (failed.body.emails as Array<{ status: string }>).every((email) => email.status === 'failed'),
    ).toBe(true)
    // A failed row without its body cannot be sent again, and says so.
    expect(failedIds[0]).toMatchObject({ resendable: false })
    expect((await post('/api/admin/email/outbox/paging-20/resend', undefined)).status).toBe(409)

    const past = await get('/api/admin/email/outbox?page=999')
    expect(past.body).toMatchObject({ emails: [], hasMore: false })
    expect((await get('/api/admin/email/outbox?status=bogus')).status).toBe(400)
    expect((await get('/api/admin/email/outbox?page=0')).status).toBe(400)
  })
})
