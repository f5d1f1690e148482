import { randomUUID } from 'node:crypto'
import type { AccountDeps } from '@prizes/command-service/testing'
import {
  openAccount,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from '@prizes/command-service/testing'
import type { Mailer } from '@prizes/command-service/use-cases'
import {
  createCommandHandler,
  hashToken,
  migrateCommandTables,
  migrateReactorTables,
} from '@prizes/command-service/use-cases'
import { type UserEvent, userStream } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import {
  createKnex,
  createLogger,
  generateUserKey,
  loadSecrets,
  type PlatformSecrets,
} from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailOutbox } from '../mail/outbox'
import type { RunningMailSender } from '../mail/outbox-sender'
import { createSmtpMailer } from '../mail/smtp-mailer'
import type { RunningReactor } from '../runner'
import { startTestMailOutbox } from '../testing/mail-outbox'
import { startTestInbox, type TestInbox } from '../testing/maildev-inbox'
import { linkRequested, registered, withEnvelope } from '../testing/user-events'
import { mailReactorName, startMailReactor } from './mail-reactor'

const publicUrl = 'https://prizes.example.co.uk'
const logger = createLogger({ level: 'silent' })
const hour = 3_600_000

let database: TestDatabase
let store: PostgresEventStore
let knex: Knex
let inbox: TestInbox
let smtp: Mailer
let outbox: MailOutbox
let sender: RunningMailSender
let reactor: RunningReactor
let secrets: PlatformSecrets
/** Addresses the SMTP server is made to refuse, to see the sender retry and carry on. */
const refused = new Set<string>()
const mailer: Mailer = {
  send: (mail) =>
    refused.has(mail.to) ? Promise.reject(new Error('550 mailbox unavailable')) : smtp.send(mail),
  close: () => smtp.close(),
}

const start = () => startMailReactor({ store, knex, outbox, secrets, publicUrl, logger })

beforeAll(async () => {
  database = await createTestDatabase('mail_reactor')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
  knex = createKnex(database.url)
  await migrateCommandTables(knex)
  await migrateReactorTables(knex)
  secrets = await loadSecrets(knex)
  inbox = await startTestInbox()
  smtp = createSmtpMailer({ url: inbox.smtpUrl })
  ;({ outbox, sender } = startTestMailOutbox(knex, mailer))
  reactor = await start()
})

afterAll(async () => {
  await reactor?.stop()
  await sender?.stop()
  mailer.close()
  await inbox?.stop()
  await knex?.destroy()
  await store?.close()
  await database?.drop()
})

/** Registers a user (key in `user_keys`) and asks for a link in the same command, as sign-up does. */
async function signUp(options: { guest?: boolean; expiresAt?: Date; alsoReset?: boolean } = {}) {
  const userId = randomUUID()
  const key = generateUserKey()
  const email = `${userId}@example.com`
  await knex('user_keys').insert({ user_id: userId, key_id: key.id, key: key.key })
  const expiresAt = options.expiresAt ?? new Date(Date.now() + hour)
  const verify = linkRequested(secrets.oneTimeTokens, 'verify-email', userId, expiresAt)
  const reset = linkRequested(secrets.oneTimeTokens, 'reset-password', userId, expiresAt)
  const command = randomUUID()
  const events: UserEvent[] = [
    registered(userId, key, { firstName: 'Ada', email }, options.guest),
    verify.event,
  ]
  if (options.alsoReset) events.push(reset.event)
  const appended = await store.append(
    userStream(userId),
    events.map((event) => withEnvelope(event, new Date(), command)),
    { expectedRevision: 'noStream' },
  )
  return { userId, email, verify, reset, position: appended.position }
}

const tokenIn = (text: string, page: string) =>
  new URL(
    text.match(new RegExp(`${publicUrl}/${page}\\?token=\\S+`))?.[0] ?? `${publicUrl}/none`,
  ).searchParams.get('token')

describe('mail reactor (PostgreSQL event store, MailDev over SMTP)', () => {
  it('sends the verification email, HTML and text, whose link token hashes to the event', async () => {
    const user = await signUp()
    await reactor.waitForPosition(user.position, { timeoutMs: 10_000 })
    const [email, ...others] = await inbox.waitForEmails(user.email)
    expect(others).toEqual([])
    expect(email?.subject).toBe('Verify your email address for Prize Platform')
    const token = tokenIn(email?.text ?? '', 'verify-email')
    expect(token && hashToken(token)).toBe(user.verify.event.data.tokenHash)
    expect(email?.html).toContain(`href="${publicUrl}/verify-email?token=${token}"`)
    expect(email?.text).toContain('Hello Ada,')
    expect(email?.html).toContain('Hello Ada,')
    const [requestId] = await eventIdsOf(user.userId)
    const [queued] = await knex('mail_outbox')
      .where({ id: requestId ?? '' })
      .select('template', 'user_id', 'sent_at', 'last_error')
    expect(queued).toMatchObject({ template: 'verification', user_id: user.userId, last_error: null })
    expect(queued?.sent_at).toBeInstanceOf(Date)
  })

  it('sends links the account endpoints accept: sign up, verify, forgot password, reset', async () => {
    const deps: AccountDeps = {
      handler: createCommandHandler({ store, logger }),
      store,
      knex,
      secrets,
      logger,
    }
    const context = () => ({ actor: { system: 'test' }, now: new Date() })
    const email = `${randomUUID()}@example.com`
    const personal = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      phone: '07700 900456',
      address: 'Leeds',
    }
    await openAccount(
      deps,
      {
        personal: { ...personal, dateOfBirth: '1990-01-01' },
        password: 'Passw0rd1',
        marketingEmails: false,
        kind: 'self',
      },
      context(),
    )
    const [verification] = await inbox.waitForEmails(email)
    await expect(
      verifyEmail(deps, tokenIn(verification?.text ?? '', 'verify-email') ?? '', context()),
    ).resolves.toEqual({
      alreadyVerified: false,
    })

    await requestPasswordReset(deps, email, context())
    const emails = await inbox.waitForEmails(email, 2)
    const reset = emails.find((sent) => sent.subject !== verification?.subject)
    expect(reset?.subject).toBe('Reset your Prize Platform password')
    const token = tokenIn(reset?.text ?? '', 'reset-password') ?? ''
    await expect(resetPassword(deps, { token, password: 'N3wPassword' }, context())).resolves.toEqual({
      email,
    })
  })

  it('sends a guest no bare verification link, which could not finish the account', async () => {
    const guest = await signUp({ guest: true })
    const control = await signUp()
    await inbox.waitForEmails(control.email)
    await reactor.waitForPosition(control.position, { timeoutMs: 10_000 })
    expect(await inbox.emailsTo(guest.email)).toEqual([])
  })

  it('sends a guest one invitation with the password link when both links were asked together', async () => {
    const guest = await signUp({ guest: true, alsoReset: true })
    const control = await signUp()
    await inbox.waitForEmails(control.email)
    const emails = await inbox.emailsTo(guest.email)
    expect(emails).toHaveLength(1)
    expect(emails[0]?.subject).toBe('Finish setting up your Prize Platform account')
    const token = tokenIn(emails[0]?.text ?? '', 'finish-setup')
    expect(token && hashToken(token)).toBe(guest.reset.event.data.tokenHash)
  })

  it('sends nothing to an erased user (key deleted), nor for an expired request', async () => {
    // The key goes before the reactor gets to the request: stopped meanwhile, so the order is certain.
    await reactor.stop()
    const erased = await signUp()
    const expired = await signUp({ expiresAt: new Date(Date.now() - 1000) })
    await knex('user_keys').where({ user_id: erased.userId }).delete()
    reactor = await start()
    const control = await signUp()
    await inbox.waitForEmails(control.email)
    await reactor.waitForPosition(control.position, { timeoutMs: 10_000 })
    expect(await inbox.emailsTo(erased.email)).toEqual([])
    expect(await inbox.emailsTo(expired.email)).toEqual([])
    const queued = await knex('mail_outbox').whereIn('id', await eventIdsOf(erased.userId, expired.userId))
    expect(queued).toEqual([])
  })

  it('does not send again after a restart, even one that lost its checkpoint', async () => {
    const user = await signUp()
    await inbox.waitForEmails(user.email)
    await reactor.waitForPosition(user.position, { timeoutMs: 10_000 })
    await reactor.stop()
    reactor = await start()
    await reactor.waitForPosition(user.position, { timeoutMs: 10_000 })

    // As if the process died after sending but before moving its checkpoint: the log replays.
    await reactor.stop()
    await knex('reactor_checkpoints').where({ name: mailReactorName }).delete()
    reactor = await start()
    const next = await signUp()
    await inbox.waitForEmails(next.email)
    expect(await inbox.emailsTo(user.email)).toHaveLength(1)
  })

  it('keeps retrying an SMTP refusal, with its error, without holding up the next email', async () => {
    const unlucky = await signUp()
    refused.add(unlucky.email)
    const lucky = await signUp()
    await inbox.waitForEmails(lucky.email)
    const [verification] = await eventIdsOf(unlucky.userId)
    const row = () =>
      knex('mail_outbox')
        .where({ id: verification ?? '' })
        .first('status', 'attempts', 'last_error')
    for (let seen = await row(); (seen?.attempts ?? 0) < 2; seen = await row()) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(await row()).toMatchObject({ status: 'pending', last_error: '550 mailbox unavailable' })
    expect(await inbox.emailsTo(unlucky.email)).toEqual([])

    refused.delete(unlucky.email)
    const [email, ...more] = await inbox.waitForEmails(unlucky.email)
    expect(more).toEqual([])
    expect(email?.subject).toBe('Verify your email address for Prize Platform')
  })
})

async function eventIdsOf(...userIds: string[]): Promise<string[]> {
  const streams = await Promise.all(userIds.map((id) => store.readStream(userStream(id))))
  return streams.flat().flatMap((event) => (event.type === 'UserRegistered' ? [] : [event.id]))
}
