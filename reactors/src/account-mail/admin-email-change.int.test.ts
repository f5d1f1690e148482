import { randomUUID } from 'node:crypto'
import { type AdminHarness, silentLogger, startAdminHarness } from '@prizes/command-service/testing'
import { loadUserState } from '@prizes/command-service/use-cases'
import { userStream } from '@prizes/contracts'
import type { RecordedEvent } from '@prizes/event-store'
import { loadSecrets } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailOutbox, QueuedEmail } from '../mail/outbox'
import { createMailReactor } from './mail-reactor'

/**
 * An admin changes a user's email (PUT /api/admin/users/:id): the new address is not proven, so
 * the account is unverified (EmailUnverified) and the mail reactor sends the verification link
 * to the new address, as at registration; once the link is used the account signs in again.
 * The old address is told of the change (`email-changed`).
 */

let harness: AdminHarness
let admin: { userId: string; token: string }
const queued: QueuedEmail[] = []
const outbox: MailOutbox = {
  async enqueue(email) {
    queued.push(email)
    return 'queued'
  },
}

beforeAll(async () => {
  harness = await startAdminHarness('admin-email-change')
  admin = await harness.adminAccount()
})
afterAll(() => harness.close())

const edit = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  phone: '+44 20 7946 0000',
  address: '2 Compiler Lane, Arlington',
})

/** Runs the mail reactor over the user's events from `from` on, as its subscription would. */
async function mailFor(userId: string, from: RecordedEvent[]): Promise<QueuedEmail[]> {
  const reactor = createMailReactor({
    store: harness.store,
    knex: harness.knex,
    outbox,
    secrets: await loadSecrets(harness.knex),
    publicUrl: 'https://prizes.example.co.uk',
    logger: silentLogger,
  })
  const events = await harness.store.readStream(userStream(userId))
  const before = queued.length
  for (const event of events.slice(from.length)) {
    if (reactor.filter.eventTypes?.includes(event.type)) await reactor.react(event)
  }
  return queued.slice(before)
}

const linkToken = (mail: QueuedEmail) => {
  const match = /verify-email\?token=([^\s&"]+)/.exec(mail.mail.text)
  if (!match?.[1]) throw new Error(`no verification link in: ${mail.mail.text}`)
  return decodeURIComponent(match[1])
}

describe('an admin changing a user’s email', () => {
  it('unverifies the account and sends the verification link to the new address, which verifies it', async () => {
    const target = await harness.adminAccount()
    expect((await harness.login(target.email)).status).toBe(200)
    const before = await harness.store.readStream(userStream(target.userId))
    const newEmail = `moved-${randomUUID()}@example.com`

    const answer = await harness.call('PUT', `/api/admin/users/${target.userId}`, edit(newEmail), admin.token)
    expect(answer.status).toBe(200)

    const recorded = (await harness.userEvents(target.userId)).slice(before.length)
    expect(recorded.map((event) => event.type)).toEqual([
      'ProfileUpdated',
      'EmailUnverified',
      'EmailVerificationRequested',
    ])
    for (const event of recorded) {
      expect(event.metadata).toMatchObject({ actor: { userId: admin.userId, role: 'admin' } })
    }
    expect(await loadUserState(harness.store, target.userId)).toMatchObject({ emailVerified: false })

    const [notice, mail, ...more] = await mailFor(target.userId, before)
    expect(more).toHaveLength(0)
    expect(notice).toMatchObject({
      template: 'email-changed',
      userId: target.userId,
      mail: { to: target.email },
    })
    expect(mail).toMatchObject({ template: 'verification', userId: target.userId, mail: { to: newEmail } })

    // Unproven: no sign-in with the new address until the link is used, as after registration.
    expect((await harness.login(newEmail)).status).toBe(403)
    if (!mail) throw new Error('no email')
    const verified = await harness.call(
      'GET',
      `/api/auth/verify-email/${encodeURIComponent(linkToken(mail))}`,
    )
    expect(verified.status).toBe(200)
    expect((await harness.login(newEmail)).status).toBe(200)
  })

  it('records nothing of the kind when the email stays the same (whatever its case)', async () => {
    const target = await harness.adminAccount()
    const before = await harness.store.readStream(userStream(target.userId))
    const answer = await harness.call(
      'PUT',
      `/api/admin/users/${target.userId}`,
      edit(target.email.toUpperCase()),
      admin.token,
    )
    expect(answer.status).toBe(200)
    const recorded = (await harness.userEvents(target.userId)).slice(before.length)
    expect(recorded.map((event) => event.type)).toEqual(['ProfileUpdated'])
    expect((await harness.login(target.email)).status).toBe(200)
  })

  it('sends a guest still setting up the invitation at the new address', async () => {
    const { userId } = await harness.user()
    const before = await harness.store.readStream(userStream(userId))
    const newEmail = `guest-${randomUUID()}@example.com`
    expect(
      (await harness.call('PUT', `/api/admin/users/${userId}`, edit(newEmail), admin.token)).status,
    ).toBe(200)
    const [notice, mail, ...more] = await mailFor(userId, before)
    expect(more).toHaveLength(0)
    expect(notice).toMatchObject({ template: 'email-changed', userId })
    expect(notice?.mail.to).not.toBe(newEmail)
    expect(mail).toMatchObject({ template: 'guest-invitation', mail: { to: newEmail } })
  })
})
