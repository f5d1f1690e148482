import { randomUUID } from 'node:crypto'
import { entryEvents } from '@prizes/contracts'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  competitionForm,
  entrySubmission,
  type PlatformUnderTest,
  startPlatformUnderTest,
  testPerson,
} from './testing/platform-under-test'

/**
 * PUT and DELETE /api/admin/users/:id through the gateway, on the whole platform (services,
 * projections, reactors): the edit's rules and refusals, and a deletion that erases the person,
 * refunds their paid entries in open competitions once (even when asked twice at once) and
 * leaves closed and drawn competitions' sealed lists as they were.
 */

let platform: PlatformUnderTest
let knex: Knex
let admin: string
let adminId: string

beforeAll(async () => {
  platform = await startPlatformUnderTest('admin_users')
  knex = createKnex(platform.databaseUrl)
  admin = platform.tokens.admin
  const profile = await platform.call('GET', '/api/auth/profile', undefined, admin)
  adminId = (profile.body.user as { id: string }).id
}, 120_000)
afterAll(async () => {
  await knex?.destroy()
  await platform?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Asks until `check` answers true (the read models catch up in their own time), at most 15 s. */
const eventually = (check: () => Promise<boolean>, what: string) =>
  expect.poll(check, { message: `never: ${what}`, timeout: 15_000, interval: 100 }).toBe(true)

async function guest(): Promise<{ userId: string; token: string; email: string }> {
  const email = `member-${randomUUID()}@example.com`
  const answer = await platform.call('POST', '/api/auth/create-guest-account', {
    ...testPerson,
    email,
    dateOfBirth: '1990-01-01',
    tempPassword: 'Secret123',
    source: 'competition_entry',
  })
  expect(answer.status).toBe(200)
  const user = answer.body.user as { id: string }
  return { userId: user.id, token: String(answer.body.token), email }
}

async function competition(title: string): Promise<string> {
  const answer = await platform.call('POST', '/api/admin/competitions', competitionForm(title), admin)
  expect(answer.status).toBe(201)
  return (answer.body.competition as { id: string }).id
}

/** A paid entry, as the entry modal makes it: intent, the test card, the confirmation. */
async function paidEntry(token: string, competitionId: string): Promise<string> {
  const intent = await platform.call(
    'POST',
    '/api/entries/create-payment-intent',
    entrySubmission(competitionId),
    token,
  )
  expect(intent.status).toBe(200)
  const paymentIntentId = String(intent.body.paymentIntentId)
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
  expect(
    (await platform.call('POST', `/api/test-payments/${paymentIntentId}/confirm`, card, token)).status,
  ).toBe(200)
  expect(
    (await platform.call('POST', '/api/entries/confirm-payment', { paymentIntentId }, token)).status,
  ).toBe(200)
  return paymentIntentId
}

const providerRefunds = async (paymentIntentId: string) =>
  Number(
    (await knex('offline_payment_refunds').where({ payment_intent_id: paymentIntentId }).count({ n: '*' }))[0]
      ?.n,
  )

async function streamEvents(competitionId: string) {
  return knex('events')
    .where({ stream_id: `competition-${competitionId}` })
    .orderBy('revision')
    .select('type', 'data', 'metadata')
}

const setStatus = (id: string, body: Record<string, unknown>) =>
  platform.call('PUT', `/api/admin/competitions/${id}/status`, body, admin)

const userRoute = (id: string) => `/api/admin/users/${id}`

describe('PUT /api/admin/users/:id', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace-${randomUUID()}@example.com`,
    phone: '+44 20 7946 0000',
    address: '2 Compiler Lane, Arlington',
    ...overrides,
  })

  it('signed out 401, a user 403, an unknown user 404, a bad form 400 naming the rule', async () => {
    const target = await guest()
    expect((await platform.call('PUT', userRoute(target.userId), edit())).status).toBe(401)
    expect((await platform.call('PUT', userRoute(target.userId), edit(), target.token)).status).toBe(403)
    const unknown = await platform.call('PUT', userRoute(randomUUID()), edit(), admin)
    expect(unknown).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } })
    const badPhone = await platform.call('PUT', userRoute(target.userId), edit({ phone: '12' }), admin)
    expect(badPhone.status).toBe(400)
    expect(JSON.stringify(badPhone.body)).toContain('phone')
    const noName = await platform.call('PUT', userRoute(target.userId), edit({ firstName: ' ' }), admin)
    expect(noName.status).toBe(400)
    expect(
      (await platform.call('PUT', userRoute(target.userId), edit({ email: 'nope' }), admin)).status,
    ).toBe(400)
  })

  it('an email someone else holds is 409, and nothing is recorded', async () => {
    const [target, other] = [await guest(), await guest()]
    const before = await knex('events')
      .where({ stream_id: `user-${target.userId}` })
      .count({ n: '*' })
    const taken = await platform.call(
      'PUT',
      userRoute(target.userId),
      edit({ email: other.email.toUpperCase() }),
      admin,
    )
    expect(taken).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } })
    expect(
      await knex('events')
        .where({ stream_id: `user-${target.userId}` })
        .count({ n: '*' }),
    ).toEqual(before)
  })

  it('records the edit with the admin as actor; the new email is the account’s, the old one free again', async () => {
    const target = await guest()
    const changes = edit()
    const answer = await platform.call('PUT', userRoute(target.userId), changes, admin)
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        user: {
          id: target.userId,
          first_name: 'Grace',
          last_name: 'Hopper',
          email: changes.email,
          phone: changes.phone,
          address: changes.address,
        },
      },
    })
    const [event] = await knex('events')
      .where({ stream_id: `user-${target.userId}`, type: 'ProfileUpdated' })
      .select('metadata')
    expect(event?.metadata).toMatchObject({ actor: { userId: adminId, role: 'admin' } })
    // An email changed by an admin ends the account's sessions: the old token is refused.
    const profile = await platform.call('GET', '/api/auth/profile', undefined, target.token)
    expect(profile.status).toBe(401)
    // The admin list finds them by the new email; the old one can be registered again.
    await eventually(async () => {
      const found = await platform.call(
        'GET',
        `/api/admin/users?search=${encodeURIComponent(changes.email)}`,
        undefined,
        admin,
      )
      return (
        (found.body.users as { id: string }[] | undefined)?.some((user) => user.id === target.userId) === true
      )
    }, 'the list finds the new email')
    const reuse = await platform.call('POST', '/api/auth/check-email', { email: target.email })
    expect(reuse.body).toMatchObject({ exists: false })
  })
})

describe('DELETE /api/admin/users/:id', () => {
  it('signed out 401, a user 403, an unknown user 404, oneself 409', async () => {
    const target = await guest()
    expect((await platform.call('DELETE', userRoute(target.userId))).status).toBe(401)
    expect((await platform.call('DELETE', userRoute(target.userId), undefined, target.token)).status).toBe(
      403,
    )
    expect((await platform.call('DELETE', userRoute(randomUUID()), undefined, admin)).status).toBe(404)
    const self = await platform.call('DELETE', userRoute(adminId), undefined, admin)
    expect(self).toMatchObject({ status: 409, body: { code: 'CANNOT_ACT_ON_SELF' } })
    expect((await platform.call('GET', '/api/auth/profile', undefined, admin)).status).toBe(200)
  })

  it('asked twice at once: erases the person, refunds the open entry once, leaves the closed one sealed', async () => {
    const target = await guest()
    const [open, closing] = [await competition('Open at deletion'), await competition('Closed at deletion')]
    const openIntent = await paidEntry(target.token, open)
    const closedIntent = await paidEntry(target.token, closing)
    expect((await setStatus(closing, { status: 'closed', reason: 'Ended' })).status).toBe(200)
    await eventually(async () => {
      const row = await knex('entries').where({ payment_intent_id: openIntent }).first()
      return row?.payment_status === 'paid'
    }, 'the open entry is in the read model')
    const sealedBefore = await streamEvents(closing)

    const answers = await Promise.all([
      platform.call('DELETE', userRoute(target.userId), undefined, admin),
      platform.call('DELETE', userRoute(target.userId), undefined, admin),
    ])
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: { success: true, deletedEntries: 1 } })
    }

    // Refunded once, by the provider and in the log, with the reason and the admin.
    expect(await providerRefunds(openIntent)).toBe(1)
    expect(await providerRefunds(closedIntent)).toBe(0)
    const refunds = (await streamEvents(open)).filter((event) => event.type === 'EntryRefunded')
    expect(refunds).toHaveLength(1)
    expect(entryEvents.EntryRefunded.parse(refunds[0]?.data).reason).toBe('user_deleted')
    expect(refunds[0]?.metadata).toMatchObject({ actor: { userId: adminId, role: 'admin' } })
    // The closed competition's stream, and so its sealed list, is untouched.
    expect(await streamEvents(closing)).toEqual(sealedBefore)

    // Erased: the key is gone, the session ends, the admin screens no longer show the person.
    expect(await knex('user_keys').where({ user_id: target.userId }).first()).toBeUndefined()
    expect((await platform.call('GET', '/api/auth/profile', undefined, target.token)).status).toBe(401)
    expect((await platform.call('GET', `/api/admin/user/${target.userId}`, undefined, admin)).status).toBe(
      404,
    )
    const erasures = await knex('events').where({ stream_id: `user-${target.userId}`, type: 'UserErased' })
    expect(erasures).toHaveLength(1)
    await eventually(async () => {
      const list = await platform.call('GET', `/api/admin/competitions/${open}/entries`, undefined, admin)
      const rows = (list.body.entries ?? []) as { paymentStatus: string; userName: string | null }[]
      return rows.length === 1 && rows[0]?.paymentStatus === 'refunded' && rows[0]?.userName === null
    }, 'the open entry shows refunded, with no name')
  }, 90_000)

  it("a drawn competition's certificate is the same after its entrant is deleted", async () => {
    const target = await guest()
    const drawn = await competition('Drawn before deletion')
    await paidEntry(target.token, drawn)
    expect((await setStatus(drawn, { status: 'closed' })).status).toBe(200)
    expect((await setStatus(drawn, { status: 'drawing' })).status).toBe(200)
    const asked = await setStatus(drawn, { status: 'completed' })
    const round = Number(/drand round (\d+)/.exec(String(asked.body.message))?.[1])
    expect(round).toBeGreaterThan(0)
    // Refused until drand publishes the sealed round (a minute after the close); asked again.
    const randomness = { source: 'drand', round, value: 'ab'.repeat(32) }
    for (let tries = 0; tries < 60; tries += 1) {
      if ((await setStatus(drawn, { status: 'completed', publicRandomness: randomness })).status === 200)
        break
      await sleep(2000)
    }
    const certificate = async () => (await platform.call('GET', `/api/draws/${drawn}/certificate`)).body
    await eventually(async () => (await certificate()).success === true, 'the certificate')
    const before = await certificate()
    expect(JSON.stringify(before)).not.toContain(testPerson.lastName)

    const deleted = await platform.call('DELETE', userRoute(target.userId), undefined, admin)
    expect(deleted).toMatchObject({ status: 200, body: { deletedEntries: 0 } })
    expect(await certificate()).toEqual(before)
  }, 180_000)
})
