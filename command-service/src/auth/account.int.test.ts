import { authMessages } from '@prizes/contracts'
import { issueSessionToken, sessionKeys } from '@prizes/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminAccount } from '../users/admin-account'
import { banUser, demoteUser, promoteUser, unbanUser } from '../users/standing'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { signedIn, strongPassword } from './test-people'

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_account')
})
afterAll(() => harness.close())

const profile = (token?: string) =>
  harness.call('GET', '/api/auth/profile', undefined, token === undefined ? {} : { token })
const sessionEnded = { success: false, code: 'UNAUTHORIZED', message: authMessages.sessionExpired }

describe('GET /api/auth/profile', () => {
  it('answers the session user for a live token', async () => {
    const account = await signedIn(harness)
    const answer = await profile(account.token)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      user: {
        id: account.userId,
        email: account.email,
        firstName: 'Ada',
        createdAt: '2030-06-15T10:00:00.000Z',
      },
    })
  })

  it('asks a caller without a token to sign in, and refuses a forged or garbled one', async () => {
    expect((await profile()).body).toMatchObject({ code: 'UNAUTHORIZED' })
    const account = await signedIn(harness)
    const forged = await issueSessionToken(
      sessionKeys(Buffer.alloc(32, 7)),
      { userId: account.userId, role: 'admin', tokenVersion: 0 },
      harness.clock.now(),
    )
    expect((await profile(forged)).body).toEqual(sessionEnded)
    expect((await profile('garbage')).status).toBe(401)
    const basic = await harness.call('GET', '/api/auth/profile', undefined, {})
    expect(basic.status).toBe(401)
  })

  it('ends a session after its 7 days', async () => {
    const account = await signedIn(harness)
    const week = 7 * 24 * 60 * 60 * 1000
    harness.clock.advance(week - 1000)
    try {
      expect((await profile(account.token)).status).toBe(200)
      harness.clock.advance(1000)
      expect((await profile(account.token)).body).toEqual(sessionEnded)
    } finally {
      harness.clock.advance(-week)
    }
  })
})

describe('PUT /api/auth/profile', () => {
  const update = (token: string, body: unknown) => harness.call('PUT', '/api/auth/profile', body, { token })
  const edit = { firstName: 'Augusta', lastName: 'King', phone: '07700 900123', address: '2 Engine Lane' }

  it('updates the profile and keeps the email whatever the form sends', async () => {
    const account = await signedIn(harness)
    const answer = await update(account.token, { ...edit, email: 'someone-else@example.com' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: authMessages.profileUpdated,
      user: { ...edit, email: account.email, dateOfBirth: account.dateOfBirth },
    })
    expect((await profile(account.token)).body.user).toMatchObject({ ...edit, email: account.email })
  })

  it('lets the address be empty', async () => {
    const account = await signedIn(harness)
    expect((await update(account.token, { ...edit, address: '' })).body.user).toMatchObject({ address: '' })
  })

  it.each([
    [{ firstName: '' }, 'firstName', authMessages.firstNameRequired],
    [{ lastName: '' }, 'lastName', authMessages.lastNameRequired],
    [{ phone: '' }, 'phone', authMessages.phoneRequired],
    [{ phone: 'abc' }, 'phone', authMessages.phoneInvalid],
  ])('refuses %o with 400 naming %s', async (change, field, message) => {
    const account = await signedIn(harness)
    const answer = await update(account.token, { ...edit, ...change })
    expect(answer.status).toBe(400)
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]).toContain(message)
  })

  it('needs a session, and answers a malformed body with 400', async () => {
    expect((await harness.call('PUT', '/api/auth/profile', edit)).status).toBe(401)
    const account = await signedIn(harness)
    const answer = await harness.call('PUT', '/api/auth/profile', undefined, {
      token: account.token,
      raw: '{x',
    })
    expect(answer.status).toBe(400)
  })
})

describe('PUT /api/auth/change-password', () => {
  const change = (token: string, body: unknown) =>
    harness.call('PUT', '/api/auth/change-password', body, { token })
  const newPassword = 'Fresh9Pass'

  it('changes the password, ends older sessions, and keeps this browser signed in', async () => {
    const account = await signedIn(harness)
    const other = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: strongPassword,
    })
    const answer = await change(account.token, {
      currentPassword: strongPassword,
      newPassword,
      confirmPassword: newPassword,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ success: true, message: authMessages.passwordChanged })
    expect((await profile(account.token)).body).toEqual(sessionEnded)
    expect((await profile(String(other.body.token))).status).toBe(401)
    expect((await profile(String(answer.body.token))).status).toBe(200)
    const login = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: newPassword,
    })
    expect(login.status).toBe(200)
  })

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const account = await signedIn(harness)
    const answer = await change(account.token, {
      currentPassword: 'Wrong1234',
      newPassword,
      confirmPassword: newPassword,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.fieldErrors).toEqual({ currentPassword: ['Current password is incorrect'] })
    expect((await profile(account.token)).status).toBe(200)
  })

  it.each([
    [{ currentPassword: '' }, 'currentPassword', authMessages.currentPasswordRequired],
    [{ confirmPassword: 'Fresh9Pasx' }, 'confirmPassword', authMessages.passwordsDoNotMatch],
    [
      { newPassword: 'fresh9pass', confirmPassword: 'fresh9pass' },
      'newPassword',
      authMessages.passwordNeedsUppercase,
    ],
    [{ newPassword: 'Short1', confirmPassword: 'Short1' }, 'newPassword', authMessages.passwordTooShort],
  ])('refuses %o with 400 naming %s', async (override, field, message) => {
    const account = await signedIn(harness)
    const body = { currentPassword: strongPassword, newPassword, confirmPassword: newPassword, ...override }
    const answer = await change(account.token, body)
    expect(answer.status).toBe(400)
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]).toContain(message)
  })

  it('needs a session', async () => {
    const body = { currentPassword: strongPassword, newPassword, confirmPassword: newPassword }
    expect((await harness.call('PUT', '/api/auth/change-password', body)).status).toBe(401)
  })
})

describe('revocation by an admin', () => {
  it('a ban ends the session at once; unbanning does not revive it', async () => {
    const account = await signedIn(harness)
    await banUser(harness.deps, { userId: account.userId }, harness.context())
    expect((await profile(account.token)).body).toEqual(sessionEnded)
    await unbanUser(harness.deps, { userId: account.userId }, harness.context())
    expect((await profile(account.token)).status).toBe(401)
    const login = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: strongPassword,
    })
    expect((await profile(String(login.body.token))).status).toBe(200)
  })

  it('a demotion ends an admin session; a promotion keeps the session and grants the role', async () => {
    const account = await signedIn(harness)
    await promoteUser(harness.deps, { userId: account.userId }, harness.context())
    expect((await profile(account.token)).body.user).toMatchObject({ role: 'admin', isAdmin: true })
    const login = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: strongPassword,
    })
    const adminToken = String(login.body.token)
    expect(login.body.user).toMatchObject({ role: 'admin', isAdmin: true })

    const admin = await createAdminAccount(
      harness.deps,
      { email: 'the-boss@example.com', password: 'Boss12345' },
      harness.context(),
    )
    await demoteUser(harness.deps, { userId: account.userId, byUserId: admin.userId }, harness.context())
    expect((await profile(adminToken)).body).toEqual(sessionEnded)
  })

  it('an admin cannot demote or ban themselves', async () => {
    const admin = await createAdminAccount(
      harness.deps,
      { email: 'self-doubt@example.com', password: 'Boss12345' },
      harness.context(),
    )
    const self = { userId: admin.userId, byUserId: admin.userId }
    await expect(demoteUser(harness.deps, self, harness.context())).rejects.toMatchObject({
      code: 'CANNOT_ACT_ON_SELF',
    })
    await expect(banUser(harness.deps, self, harness.context())).rejects.toMatchObject({
      code: 'CANNOT_ACT_ON_SELF',
    })
    const login = await harness.call('POST', '/api/auth/login', {
      email: 'self-doubt@example.com',
      password: 'Boss12345',
    })
    // The refused commands put the session table back: the admin can still sign in and stay in.
    expect((await profile(String(login.body.token))).body.user).toMatchObject({ role: 'admin' })
  })
})
