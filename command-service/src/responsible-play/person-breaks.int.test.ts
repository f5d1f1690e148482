import { randomUUID } from 'node:crypto'
import { responsiblePlayMessages as m, userEvents, userStream } from '@prizes/contracts'
import { loadSecrets } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, startAdminHarness } from '../admin/test-harness'
import { person, strongPassword } from '../auth/test-people'
import { deriveOneTimeToken } from '../crypto/one-time-token'
import { submission } from '../entries/test-harness'

/**
 * Issue 23: a break holds for the person, not for one email. Through the whole command app on a
 * real PostgreSQL: a person on a permanent break tries again with a +tag, Gmail dots, the
 * googlemail.com form, a guest account, a new email with the same name, date of birth and
 * postcode, and by post.
 */

let harness: AdminHarness
let admin: string
let competitionId: string
let oneTimeTokens: Buffer

beforeAll(async () => {
  harness = await startAdminHarness('person_breaks')
  admin = await harness.admin()
  competitionId = await harness.competition(admin)
  oneTimeTokens = (await loadSecrets(harness.knex)).oneTimeTokens
})
afterAll(() => harness.close())

const jo = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  dateOfBirth: '1990-12-10',
  address: '1 High Street, Leeds LS1 4AP',
}

/** Signs up, proves the inbox by the emailed link and signs in: the session token. */
async function verifiedAccount(
  overrides: Record<string, unknown>,
): Promise<{ userId: string; token: string }> {
  const registered = await harness.call('POST', '/api/auth/register', person(overrides))
  expect(registered.status).toBe(200)
  const userId = (registered.body.user as { id: string }).id
  const events = await harness.store.readStream(userStream(userId))
  const request = events.findLast((event) => event.type === 'EmailVerificationRequested')
  const { nonce } = userEvents.EmailVerificationRequested.parse(request?.data)
  const link = deriveOneTimeToken(oneTimeTokens, 'verify-email', userId, nonce)
  expect((await harness.call('GET', `/api/auth/verify-email/${link}`)).status).toBe(200)
  const login = await harness.login(String(overrides.email), strongPassword)
  expect(login.status).toBe(200)
  return { userId, token: String(login.body.token) }
}

async function guest(email: string): Promise<{ userId: string; token: string }> {
  const created = await harness.call('POST', '/api/auth/create-guest-account', {
    firstName: 'Sam',
    lastName: 'Guest',
    email,
    phone: '+44 20 7946 0958',
    address: '2 Low Road, York YO1 7HH',
    dateOfBirth: '1990-01-01',
    tempPassword: 'Guest12345',
    source: 'competition_entry',
  })
  expect(created.status).toBe(200)
  return { userId: (created.body.user as { id: string }).id, token: String(created.body.token) }
}

const reserve = (token: string) =>
  harness.call('POST', '/api/entries/create-payment-intent', submission(competitionId), token)
const takeBreak = (token: string) =>
  harness.call('POST', '/api/account/break', { period: 'permanent', confirm: true }, token)

const excluded = { status: 409, body: { success: false, code: 'TAKING_A_BREAK', message: m.onBreak(null) } }

describe('a person on a permanent break', () => {
  let original: { userId: string; token: string }

  beforeAll(async () => {
    original = await verifiedAccount({ ...jo, email: 'jo.bloggs@gmail.com' })
    expect((await takeBreak(original.token)).status).toBe(200)
    expect(await reserve(original.token)).toMatchObject(excluded)
  })

  it.each([
    ['a +tag', 'jobloggs+again@gmail.com'],
    ['Gmail dots', 'j.o.b.l.o.g.g.s@gmail.com'],
    ['the googlemail.com form', 'JoBloggs@GoogleMail.com'],
  ])('is excluded on a new account with %s', async (_how, email) => {
    const other = await verifiedAccount({ email, firstName: 'Joanne', address: '5 Elm Close, Hull HU1 1AA' })
    expect(await reserve(other.token)).toMatchObject(excluded)
    const status = await harness.call('GET', '/api/account/responsible-play', undefined, other.token)
    expect(status.body.status).toMatchObject({ onBreak: { endsAt: null } })
  })

  it('is excluded on an account made before people were kept, from its first purchase', async () => {
    const other = await verifiedAccount({ email: 'jobloggs+older@gmail.com', firstName: 'Joan' })
    await harness.knex('play_people').where({ user_id: other.userId }).delete()
    expect(await reserve(other.token)).toMatchObject(excluded)
  })

  it('is excluded on a guest account of the same inbox', async () => {
    const other = await guest('jobloggs+guest@googlemail.com')
    expect(await reserve(other.token)).toMatchObject(excluded)
  })

  it('with a new email but the same name, date of birth and postcode: held for review until an admin clears it', async () => {
    const other = await verifiedAccount({
      ...jo,
      firstName: 'JO',
      lastName: ' bloggs',
      email: `joseph-${randomUUID().slice(0, 8)}@example.org`,
      address: '99 Other Road, Leeds, ls14ap',
    })
    const types = (await harness.store.readStream(userStream(other.userId))).map((event) => event.type)
    expect(types).toContain('AccountHeldForReview')
    const held = {
      status: 409,
      body: { success: false, code: 'ACCOUNT_HELD_FOR_REVIEW', message: m.heldForReview },
    }
    expect(await reserve(other.token)).toMatchObject(held)

    const clear = `/api/admin/users/${other.userId}/clear-review`
    expect((await harness.call('POST', clear, { reason: 'Another person' }, other.token)).status).toBe(403)
    expect((await harness.call('POST', clear, {}, admin)).status).toBe(400)
    expect(
      (await harness.call('POST', `/api/admin/users/${randomUUID()}/clear-review`, { reason: 'x' }, admin))
        .status,
    ).toBe(404)
    const cleared = await harness.call(
      'POST',
      clear,
      { reason: 'A different Jo Bloggs: checked by phone' },
      admin,
    )
    expect(cleared).toMatchObject({ status: 200, body: { success: true, message: m.reviewCleared } })
    const last = (await harness.store.readStream(userStream(other.userId))).at(-1)
    expect(last).toMatchObject({
      type: 'AccountReviewCleared',
      metadata: { reason: 'A different Jo Bloggs: checked by phone' },
    })
    expect((await reserve(other.token)).status).toBe(200)
  })

  it('cannot be entered by post, by the account email or another spelling of the inbox', async () => {
    const path = `/api/admin/competitions/${competitionId}/postal-entries`
    const envelope = (email: string) => ({
      idempotencyKey: randomUUID(),
      firstName: 'Jo',
      lastName: 'Bloggs',
      email,
      address: jo.address,
      dateOfBirth: '1990-01-01',
      answer: '4',
      receivedAt: '2030-01-10',
    })
    const refusal = {
      status: 409,
      body: { success: false, code: 'TAKING_A_BREAK', message: m.entrantOnBreak },
    }
    expect(await harness.call('POST', path, envelope('jo.bloggs@gmail.com'), admin)).toMatchObject(refusal)
    expect(await harness.call('POST', path, envelope('jobloggs+post@gmail.com'), admin)).toMatchObject(
      refusal,
    )
    // No account was made for the refused envelope.
    expect(
      await harness.knex('user_emails').where({ email: 'jobloggs+post@gmail.com' }).first(),
    ).toBeUndefined()
    // Issue 24: the envelope gives a date of birth, so Jo's name, birthday and postcode match from another inbox.
    const sameDetails = { ...envelope(`jo-${randomUUID()}@example.com`), dateOfBirth: jo.dateOfBirth }
    expect(await harness.call('POST', path, sameDetails, admin)).toMatchObject(refusal)
    expect(
      (await harness.call('POST', path, envelope(`someone-${randomUUID()}@example.com`), admin)).status,
    ).toBe(201)
  })
})

describe('a profile change', () => {
  const profile = (token: string, details: Record<string, string>) =>
    harness.call('PUT', '/api/auth/profile', { phone: '+44 20 7946 0958', ...details }, token)

  it('moves an account onto the details it now gives, but does not move an account on a break off its own', async () => {
    const someone = await verifiedAccount({
      firstName: 'Kim',
      lastName: 'Other',
      dateOfBirth: '1988-03-04',
      address: '7 Park Lane, Bath BA1 1AA',
      email: `kim-${randomUUID().slice(0, 8)}@example.com`,
    })
    expect((await takeBreak(someone.token)).status).toBe(200)
    // On a break, changing the name and address keeps the person it was taken as.
    const moved = await profile(someone.token, {
      firstName: 'Nobody',
      lastName: 'Else',
      address: 'Nowhere X1',
    })
    expect(moved.status).toBe(200)
    const again = await verifiedAccount({
      firstName: 'Kim',
      lastName: 'Other',
      dateOfBirth: '1988-03-04',
      address: '9 Elsewhere, Bath BA1 1AA',
      email: `kim-again-${randomUUID().slice(0, 8)}@example.com`,
    })
    expect((await reserve(again.token)).body.code).toBe('ACCOUNT_HELD_FOR_REVIEW')

    // An account not on a break that changes to an excluded person's name and address is held.
    const later = await verifiedAccount({
      firstName: 'Pat',
      lastName: 'Newman',
      dateOfBirth: jo.dateOfBirth,
      address: '3 Quiet Road, Derby DE1 1AA',
      email: `pat-${randomUUID().slice(0, 8)}@example.com`,
    })
    expect((await reserve(later.token)).status).toBe(200)
    expect(
      (await profile(later.token, { firstName: 'Jo', lastName: 'Bloggs', address: jo.address })).status,
    ).toBe(200)
    expect((await reserve(later.token)).body.code).toBe('ACCOUNT_HELD_FOR_REVIEW')
  })
})

describe('a break taken before the email was proven', () => {
  it('binds that guest account only, not other accounts of the inbox a stranger may have typed', async () => {
    const stranger = await guest('sam.owner@example.net')
    expect((await takeBreak(stranger.token)).status).toBe(200)
    expect(await reserve(stranger.token)).toMatchObject(excluded)
    const owner = await verifiedAccount({ email: 'sam.owner+prizes@example.net' })
    expect((await reserve(owner.token)).status).toBe(200)
  })
})
