import { randomUUID } from 'node:crypto'
import { countUnsentEmails, listOutboxEmails, silentLogger } from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import { migrateCommandTables } from '@prizes/command-service/use-cases'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex, generateUserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMailOutbox, type MailOutbox } from './outbox'
import {
  createMailSender,
  leaseDueEmails,
  type MailSender,
  type MailSenderOptions,
  mailSenderLockClass,
  startMailSender,
} from './outbox-sender'
import { createSmtpMailer } from './smtp-mailer'
import { type RefusingSmtp, startRefusingSmtp } from './testing/refusing-smtp'

let database: TestDatabase
let knex: Knex
let smtp: RefusingSmtp
let mailer: Mailer
let outbox: MailOutbox
/** The clock of the outbox and every sender here: moved by the tests, never waited for. */
let clock: Date
const now = () => clock
const minute = 60_000

beforeAll(async () => {
  database = await createTestDatabase('mail_outbox')
  knex = createKnex(database.url)
  await migrateCommandTables(knex)
  smtp = await startRefusingSmtp()
  mailer = createSmtpMailer({ url: smtp.url })
  outbox = createMailOutbox(knex, { now })
})

afterAll(async () => {
  mailer?.close()
  await smtp?.stop()
  await knex?.destroy()
  await database?.drop()
})

beforeEach(() => {
  clock = new Date('2030-01-10T12:00:00.000Z')
  smtp.refuseNext(0)
})

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

const sender = (options: Partial<MailSenderOptions> = {}) =>
  createMailSender({ knex, mailer, logger: silentLogger, now, retryDelayMs: minute, ...options })

/** Runs `use` with a sender, then gives back the connection holding its lock. */
async function using<T>(one: MailSender, use: (sender: MailSender) => Promise<T>): Promise<T> {
  try {
    return await use(one)
  } finally {
    await one.close()
  }
}

/** A user with a key, as registration leaves one, and an email queued for them. */
async function queued(template = 'entry-confirmation') {
  const userId = randomUUID()
  const key = generateUserKey()
  await knex('user_keys').insert({ user_id: userId, key_id: key.id, key: key.key })
  const email = {
    key: randomUUID(),
    template,
    userId,
    mail: { to: `${userId}@example.com`, subject: `Hello ${userId}`, html: '<p>Hi</p>', text: 'Hi' },
  }
  await expect(outbox.enqueue(email)).resolves.toBe('queued')
  return email
}

const row = (id: string) => knex('mail_outbox').where({ id }).first()
const acceptedFor = (address: string) => smtp.accepted.filter((message) => message.to.includes(address))

/** Polls the row until `done` holds: the state is waited for, not a time. */
async function waitForRow(id: string, done: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const current = await row(id)
    if (current && done(current)) return current
    if (Date.now() > deadline) throw new Error(`row ${id} is ${JSON.stringify(current)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('mail outbox: at least once', () => {
  it('retries a refused send with a doubling delay; the email arrives once the server accepts', async () => {
    const email = await queued()
    smtp.refuseNext(2)
    const running = startMailSender({
      knex,
      mailer,
      logger: silentLogger,
      now,
      retryDelayMs: minute,
      pollMs: 20,
    })
    try {
      const first = await waitForRow(email.key, (r) => r.attempts === 1 && r.lease_token === null)
      expect(first).toMatchObject({ status: 'pending', last_error: expect.stringContaining('451') })
      expect(first.next_attempt_at).toEqual(new Date(clock.getTime() + minute))

      advance(minute)
      running.wake()
      const second = await waitForRow(email.key, (r) => r.attempts === 2 && r.lease_token === null)
      expect(second.status).toBe('pending')
      expect(second.next_attempt_at).toEqual(new Date(clock.getTime() + 2 * minute))
      expect(acceptedFor(email.mail.to)).toEqual([])

      advance(2 * minute)
      running.wake()
      const sent = await waitForRow(email.key, (r) => r.status === 'sent')
      expect(sent).toMatchObject({ attempts: 3, sent_at: clock, html: null, text_body: null })
      expect(acceptedFor(email.mail.to)).toEqual([
        { to: [email.mail.to], subject: email.mail.subject, raw: expect.any(String) },
      ])
      expect(smtp.refusedCount()).toBeGreaterThanOrEqual(2)
    } finally {
      await running.stop()
    }
  })

  it('sends at once an email whose sender died holding the lease (its lock went with it)', async () => {
    const email = await queued()
    // A sender leases the email and dies before sending or recording anything: no process holds
    // the advisory lock of its holder id any more.
    const lease = { now: clock, leaseMs: 5 * minute, limit: 100, token: 'dead', holder: 4242 }
    expect((await leaseDueEmails(knex, lease)).map((leased) => leased.id)).toContain(email.key)
    expect(await row(email.key)).toMatchObject({ lease_token: 'dead', status: 'pending' })

    await using(sender(), (survivor) => survivor.sendDue())
    expect(await row(email.key)).toMatchObject({ status: 'sent', attempts: 2, lease_token: null })
    expect(acceptedFor(email.mail.to)).toHaveLength(1)
  })

  it('sends an email whose sender hangs holding the lease, once the lease runs out', async () => {
    const email = await queued()
    const hung = await knex.transaction()
    try {
      // The hung sender is alive: its lock is held, so only the lease's end frees the email.
      await hung.raw('select pg_advisory_lock(?, ?)', [mailSenderLockClass, 4343])
      const lease = { now: clock, leaseMs: 5 * minute, limit: 100, token: 'hung', holder: 4343 }
      expect((await leaseDueEmails(knex, lease)).map((leased) => leased.id)).toContain(email.key)
      await using(sender(), async (survivor) => {
        await survivor.sendDue()
        expect(await row(email.key)).toMatchObject({ status: 'pending', lease_token: 'hung' })
        expect(acceptedFor(email.mail.to)).toEqual([])

        advance(5 * minute)
        await survivor.sendDue()
      })
      expect(await row(email.key)).toMatchObject({ status: 'sent', attempts: 2, lease_token: null })
      expect(acceptedFor(email.mail.to)).toHaveLength(1)
    } finally {
      await hung.raw('select pg_advisory_unlock(?, ?)', [mailSenderLockClass, 4343])
      await hung.rollback()
    }
  })

  it('lets two senders share the outbox without sending any email twice', async () => {
    const emails = await Promise.all(Array.from({ length: 30 }, () => queued()))
    const drain = (options: Partial<MailSenderOptions>) =>
      using(sender(options), async (one) => {
        while ((await one.sendDue()) > 0);
      })
    await Promise.all([drain({ batchSize: 4 }), drain({ batchSize: 4 })])
    for (const email of emails) expect(acceptedFor(email.mail.to)).toHaveLength(1)
    const rows = await knex('mail_outbox').whereIn(
      'id',
      emails.map((email) => email.key),
    )
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })

  it('marks an email failed after the last attempt, and lists it with its error', async () => {
    const email = await queued('winner-email')
    smtp.refuseNext(3)
    await using(sender({ maxAttempts: 3 }), async (giving) => {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await giving.sendDue()
        advance(60 * minute)
      }
      expect(await giving.sendDue()).toBe(0)
    })
    const failedAt = new Date(clock.getTime() - 60 * minute)
    expect(await row(email.key)).toMatchObject({ status: 'failed', attempts: 3, failed_at: failedAt })
    expect(acceptedFor(email.mail.to)).toEqual([])

    const listed = await listOutboxEmails(knex, { status: 'failed', offset: 0, limit: 1000, now: clock })
    expect(listed.find((listedEmail) => listedEmail.id === email.key)).toMatchObject({
      template: 'winner-email',
      status: 'failed',
      recipient: email.mail.to,
      attempts: 3,
      last_error: expect.stringContaining('451'),
      failed_at: failedAt,
      sending: false,
      has_body: true,
    })
    expect((await countUnsentEmails(knex)).failed).toBeGreaterThanOrEqual(1)
  })

  it('lists a pending email and counts it until it is sent', async () => {
    const email = await queued('verification')
    const pending = await listOutboxEmails(knex, { status: 'pending', offset: 0, limit: 1000, now: clock })
    expect(pending.find((listedEmail) => listedEmail.id === email.key)).toMatchObject({
      template: 'verification',
      status: 'pending',
      attempts: 0,
      last_error: null,
      created_at: clock,
      next_attempt_at: clock,
    })
    const before = await countUnsentEmails(knex)
    expect(before.pending).toBeGreaterThanOrEqual(1)
    await using(sender({ batchSize: 1000 }), (one) => one.sendDue())
    expect(await countUnsentEmails(knex)).toMatchObject({ pending: before.pending - 1 })
  })

  it('queues a key once: a replayed event adds nothing', async () => {
    const email = await queued()
    await expect(outbox.enqueue(email)).resolves.toBe('already-queued')
    await using(sender({ batchSize: 1000 }), (one) => one.sendDue())
    await expect(outbox.enqueue(email)).resolves.toBe('already-queued')
    expect(await knex('mail_outbox').where({ id: email.key })).toHaveLength(1)
  })

  it("deletes a user's emails with their key, and queues none for them after", async () => {
    const email = await queued()
    const sentEarlier = await queued()
    await knex('mail_outbox').where({ id: sentEarlier.key }).update({ status: 'sent' })
    await knex('user_keys').where({ user_id: email.userId }).delete()
    await knex('user_keys').where({ user_id: sentEarlier.userId }).delete()
    expect(await row(email.key)).toBeUndefined()
    expect(await row(sentEarlier.key)).toBeUndefined()
    await expect(outbox.enqueue({ ...email, key: randomUUID() })).resolves.toBe('erased')
    expect(await knex('mail_outbox').where({ user_id: email.userId })).toEqual([])
  })
})
