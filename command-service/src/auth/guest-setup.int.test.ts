import { userStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { person, stringField } from './test-people'

/**
 * Issue 10, finding 3: creating a guest account with someone else's email and a password of
 * your choice gave you a token, and when the real owner followed "Finish setting up" their
 * email was verified while your password and token kept working. The link now sets a password.
 */

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_guest_setup')
})
afterAll(() => harness.close())

const attackersPassword = 'Attacker123'
const ownersPassword = 'Owner12345'

async function preHijacked() {
  const victim = person()
  const created = await harness.call('POST', '/api/auth/create-guest-account', {
    firstName: 'Mallory',
    lastName: 'Jones',
    email: victim.email,
    phone: victim.phone,
    address: victim.address,
    dateOfBirth: '1990-01-01',
    tempPassword: attackersPassword,
    source: 'competition_entry',
  })
  expect(created.status).toBe(200)
  return {
    email: victim.email,
    userId: stringField(created.body, 'user', 'id'),
    attackersToken: stringField(created.body, 'token'),
  }
}

const profile = (token: string) => harness.call('GET', '/api/auth/profile', undefined, { token })
const login = (email: string, password: string) =>
  harness.call('POST', '/api/auth/login', { email, password })

describe("a guest account's Finish setting up link", () => {
  it("sets the owner's password and ends the session and password of whoever created the account", async () => {
    const { email, userId, attackersToken } = await preHijacked()
    expect((await profile(attackersToken)).status).toBe(200)

    // The invitation carries a password link (a reset token), not a bare verification link.
    const token = await harness.linkToken(userId, 'reset-password')
    const check = await harness.call('GET', `/api/auth/verify-reset-token/${token}`)
    expect(check.status).toBe(200)
    expect(check.body).toMatchObject({ user: { email } })
    const set = await harness.call('POST', '/api/auth/reset-password', {
      token,
      password: ownersPassword,
      confirmPassword: ownersPassword,
    })
    expect(set.status).toBe(200)

    const ended = await profile(attackersToken)
    expect(ended.status).toBe(401)
    expect(ended.body.code).toBe('UNAUTHORIZED')
    expect((await login(email, attackersPassword)).status).toBe(401)
    const owner = await login(email, ownersPassword)
    expect(owner.status).toBe(200)
    expect(owner.body).toMatchObject({ user: { id: userId, email, emailVerified: true } })
    // The link works once.
    const again = await harness.call('POST', '/api/auth/reset-password', {
      token,
      password: attackersPassword,
      confirmPassword: attackersPassword,
    })
    expect(again.status).toBe(400)
  })

  it('is the only way in: a verification link alone does not verify the guest', async () => {
    const { email, userId, attackersToken } = await preHijacked()
    const verifyToken = await harness.linkToken(userId, 'verify-email')
    const verify = await harness.call('GET', `/api/auth/verify-email/${verifyToken}`)
    expect(verify.status).toBe(400)
    expect(verify.body.code).toBe('INVALID_TOKEN')
    expect((await profile(attackersToken)).body).toMatchObject({ user: { emailVerified: false } })
    // Unverified, the password chosen at entry signs nobody in.
    expect((await login(email, attackersPassword)).status).toBe(403)
  })

  it('cannot be outrun by changing the password chosen at entry', async () => {
    const { userId, attackersToken } = await preHijacked()
    const change = await harness.call(
      'PUT',
      '/api/auth/change-password',
      { currentPassword: attackersPassword, newPassword: 'Changed123', confirmPassword: 'Changed123' },
      { token: attackersToken },
    )
    expect(change.status).toBe(409)
    expect(change.body.code).toBe('GUEST_SETUP_PENDING')
    // The owner's link still works.
    const token = await harness.linkToken(userId, 'reset-password')
    expect((await harness.call('GET', `/api/auth/verify-reset-token/${token}`)).status).toBe(200)
  })

  it('is sent again, as a password link, when the guest asks to resend verification', async () => {
    const { email, userId, attackersToken } = await preHijacked()
    const first = await harness.linkToken(userId, 'reset-password')
    expect((await harness.call('POST', '/api/auth/resend-verification', { email })).status).toBe(200)
    const types = (await harness.store.readStream(userStream(userId))).map((event) => event.type)
    expect(types.slice(-2)).toEqual(['EmailVerificationRequested', 'PasswordResetRequested'])
    const second = await harness.linkToken(userId, 'reset-password')
    expect(second).not.toBe(first)
    const set = await harness.call('POST', '/api/auth/reset-password', {
      token: second,
      password: ownersPassword,
      confirmPassword: ownersPassword,
    })
    expect(set.status).toBe(200)
    expect((await profile(attackersToken)).status).toBe(401)
  })
})

describe('a limit and break the guest set before the owner finished setting up (issue 23)', () => {
  const play = (token: string) => harness.call('GET', '/api/account/responsible-play', undefined, { token })

  it('bind the guest account meanwhile, and are dropped when the owner sets a password from the link', async () => {
    const { email, userId, attackersToken } = await preHijacked()
    const token = { token: attackersToken }
    const excluded = await harness.call(
      'POST',
      '/api/account/break',
      { period: 'permanent', confirm: true },
      token,
    )
    expect(excluded.status).toBe(200)
    expect((await harness.call('PUT', '/api/account/spending-limit', { limitPence: 0 }, token)).status).toBe(
      200,
    )
    expect((await play(attackersToken)).body.status).toMatchObject({
      limitPence: 0,
      onBreak: { endsAt: null },
    })

    const link = await harness.linkToken(userId, 'reset-password')
    const set = await harness.call('POST', '/api/auth/reset-password', {
      token: link,
      password: ownersPassword,
      confirmPassword: ownersPassword,
    })
    expect(set.status).toBe(200)
    const owner = await login(email, ownersPassword)
    expect(owner.status).toBe(200)
    const status = (await play(stringField(owner.body, 'token'))).body.status
    expect(status).toMatchObject({ limitPence: null, limitAnswered: false, onBreak: null })
    const types = (await harness.store.readStream(userStream(userId))).map((event) => event.type)
    expect(types.slice(-3)).toEqual(['PasswordReset', 'EmailVerified', 'UnconfirmedPlayDropped'])
  })
})
