import { authMessages, defaultSettings, settingsStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuthHarness, startAuthHarness } from '../auth/test-harness'
import { person, signedIn, stringField } from '../auth/test-people'
import { createAdminAccount } from '../users/admin-account'

/**
 * The settings endpoints and their enforcement in the command service: who may read and change
 * them, the event with the admin and the reason, registrations closed, and maintenance mode
 * (503 to the public, admins sign in and keep working, health, config and settings stay up).
 */

let harness: AuthHarness
let admin: { token: string; userId: string }
let user: { token: string; email: string; password: string }
const adminLogin = { email: 'settings-admin@example.com', password: 'Admin12345' }

beforeAll(async () => {
  harness = await startAuthHarness('command_settings')
  const created = await createAdminAccount(harness.deps, adminLogin, harness.context())
  const signIn = await harness.call('POST', '/api/auth/login', adminLogin)
  admin = { token: stringField(signIn.body, 'token'), userId: created.userId }
  user = await signedIn(harness, person({ email: 'settings-user@example.com' }))
})

afterAll(async () => {
  await harness?.close()
})

const put = (body: unknown, token = admin.token) =>
  harness.call('PUT', '/api/admin/settings', body, { token })

describe('the admin settings endpoints', () => {
  it('answer 401 signed out and 403 to a user', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { allowRegistrations: false }],
    ] as const) {
      expect((await harness.call(method, '/api/admin/settings', body)).status).toBe(401)
      expect((await harness.call(method, '/api/admin/settings', body, { token: user.token })).status).toBe(
        403,
      )
    }
    expect(
      (await harness.call('GET', '/api/admin/settings', undefined, { token: admin.token })).body,
    ).toEqual({
      success: true,
      settings: defaultSettings,
    })
  })

  it('refuse a body that changes nothing or is not a setting', async () => {
    expect((await put({})).status).toBe(400)
    expect((await put({ maintenanceMode: 'yes' })).status).toBe(400)
    expect((await put({ theme: 'dark' })).status).toBe(400)
    expect((await put({ allowRegistrations: true, reason: 'x'.repeat(501) })).status).toBe(400)
  })

  it('change only what is given, recorded with the admin as actor and the reason', async () => {
    const answer = await put({ emailNotifications: false, reason: 'Quiet week' })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      settings: { ...defaultSettings, emailNotifications: false },
    })
    const [last] = await harness.store.readStream(settingsStream, { direction: 'backwards', limit: 1 })
    expect(last?.data).toEqual({ ...defaultSettings, emailNotifications: false })
    expect(last?.metadata).toMatchObject({
      actor: { userId: admin.userId, role: 'admin' },
      reason: 'Quiet week',
    })
    expect((await put({ emailNotifications: true })).body).toMatchObject({ settings: defaultSettings })
  })
})

describe('allowRegistrations off', () => {
  it('refuses registration and guest accounts with a clear message; existing users still sign in', async () => {
    expect((await put({ allowRegistrations: false })).status).toBe(200)
    expect((await harness.call('GET', '/api/settings')).body).toEqual({
      success: true,
      settings: { maintenanceMode: false, allowRegistrations: false },
    })
    const register = await harness.call('POST', '/api/auth/register', person({ email: 'late@example.com' }))
    expect(register.status).toBe(403)
    expect(register.body).toMatchObject({
      code: 'REGISTRATIONS_CLOSED',
      message: authMessages.registrationsClosed,
    })
    const guest = await harness.call('POST', '/api/auth/create-guest-account', {
      firstName: 'Gus',
      lastName: 'Guest',
      email: 'guest-late@example.com',
      phone: '+44 20 7946 0000',
      address: '2 Late Lane',
      dateOfBirth: '1990-01-01',
      tempPassword: 'Secret123',
      source: 'competition_entry',
    })
    expect(guest.status).toBe(403)
    expect(guest.body).toMatchObject({ code: 'REGISTRATIONS_CLOSED' })
    const login = await harness.call('POST', '/api/auth/login', {
      email: user.email,
      password: user.password,
    })
    expect(login.status).toBe(200)
    expect((await put({ allowRegistrations: true })).status).toBe(200)
    expect(
      (await harness.call('POST', '/api/auth/register', person({ email: 'late@example.com' }))).status,
    ).toBe(200)
  })
})

describe('maintenance mode', () => {
  it('closes the public API with 503 MAINTENANCE while admins sign in and keep working', async () => {
    expect((await put({ maintenanceMode: true, reason: 'Upgrade' })).status).toBe(200)
    try {
      const profile = await harness.call('GET', '/api/auth/profile', undefined, { token: user.token })
      expect(profile.status).toBe(503)
      expect(profile.body).toMatchObject({ success: false, code: 'MAINTENANCE' })
      expect(String(profile.body.message)).toMatch(/maintenance/i)
      expect(Number(profile.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await harness.call('POST', '/api/auth/check-email', { email: 'a@example.com' })).status).toBe(
        503,
      )
      expect(
        (await harness.call('POST', '/api/auth/register', person({ email: 'm@example.com' }))).status,
      ).toBe(503)

      // A user's right password still gets the maintenance answer and no session.
      const userLogin = await harness.call('POST', '/api/auth/login', {
        email: user.email,
        password: user.password,
      })
      expect(userLogin.status).toBe(503)
      expect(userLogin.body).toMatchObject({ code: 'MAINTENANCE' })
      expect(userLogin.body.token).toBeUndefined()
      // A wrong password is still just a wrong password.
      expect(
        (await harness.call('POST', '/api/auth/login', { email: user.email, password: 'Wrong1234' })).status,
      ).toBe(401)

      const adminLogin2 = await harness.call('POST', '/api/auth/login', adminLogin)
      expect(adminLogin2.status).toBe(200)
      const token = stringField(adminLogin2.body, 'token')
      expect((await harness.call('GET', '/api/auth/profile', undefined, { token })).status).toBe(200)
      expect((await harness.call('GET', '/api/admin/settings', undefined, { token })).status).toBe(200)

      for (const open of ['/api/health/command', '/api/config', '/api/settings']) {
        expect((await harness.call('GET', open)).status, open).toBe(200)
      }
      expect((await harness.call('GET', '/api/settings')).body).toMatchObject({
        settings: { maintenanceMode: true },
      })
    } finally {
      expect((await put({ maintenanceMode: false })).status).toBe(200)
    }
    expect((await harness.call('GET', '/api/auth/profile', undefined, { token: user.token })).status).toBe(
      200,
    )
  })
})
