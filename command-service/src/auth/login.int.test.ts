import { authMessages } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banUser } from '../users/standing'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { person, registered, stringField, verified } from './test-people'

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_login')
})
afterAll(() => harness.close())

describe.each(['/api/auth/login', '/api/auth/login-for-entry'])('POST %s', (path) => {
  const login = (body: unknown) => harness.call('POST', path, body)

  it('signs a verified user in with a token and the session user', async () => {
    const account = await verified(harness)
    const answer = await login({
      email: account.email.toUpperCase(),
      password: account.password,
      rememberMe: true,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: authMessages.loggedIn,
      user: { id: account.userId, email: account.email, emailVerified: true, role: 'user', isAdmin: false },
    })
    expect(answer.body.token).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/))
  })

  it('refuses an unverified user with 403 EMAIL_NOT_VERIFIED, saying to verify the email', async () => {
    const account = await registered(harness)
    const answer = await login({ email: account.email, password: account.password })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: authMessages.verifyBeforeLogin })
    expect(String(answer.body.message)).toContain('verify your email')
  })

  it('answers a wrong password and an unknown email alike: 401 INVALID_CREDENTIALS', async () => {
    const account = await verified(harness)
    const wrong = await login({ email: account.email, password: 'Wrong1234' })
    const unknown = await login({ email: 'nobody-here@example.com', password: account.password })
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: authMessages.invalidCredentials,
      })
    }
  })

  it('does not tell an unverified account apart without its password', async () => {
    const account = await registered(harness)
    expect((await login({ email: account.email, password: 'Wrong1234' })).body.code).toBe(
      'INVALID_CREDENTIALS',
    )
  })

  it('refuses a banned user with 403 ACCOUNT_BANNED', async () => {
    const account = await verified(harness)
    await banUser(harness.deps, { userId: account.userId }, harness.context())
    const answer = await login({ email: account.email, password: account.password })
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ code: 'ACCOUNT_BANNED', message: authMessages.accountBanned })
  })

  it.each([
    [{}, 'email', authMessages.emailRequired],
    [{ email: 'a@b.co' }, 'password', authMessages.passwordRequired],
    [{ email: 'not-an-email', password: 'x' }, 'email', authMessages.emailInvalid],
    [{ email: 'a@b.co', password: '' }, 'password', authMessages.passwordRequired],
  ])('refuses %o with 400 naming %s', async (body, field, message) => {
    const answer = await login(body)
    expect(answer.status).toBe(400)
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]).toContain(message)
  })

  it('answers a malformed body with 400', async () => {
    expect((await harness.call('POST', path, undefined, { raw: '{"email":' })).status).toBe(400)
  })
})

describe('POST /api/auth/check-email', () => {
  const check = (body: unknown) => harness.call('POST', '/api/auth/check-email', body)

  it('says whether an account exists, in any letter case', async () => {
    const account = await registered(harness)
    expect((await check({ email: account.email.toUpperCase() })).body).toEqual({
      success: true,
      exists: true,
    })
    expect((await check({ email: 'nobody-else@example.com' })).body).toEqual({ success: true, exists: false })
  })

  it('refuses a missing or invalid email with the entry-flow messages', async () => {
    expect((await check({})).body.fieldErrors).toEqual({ email: [authMessages.enterEmail] })
    expect((await check({ email: 'nope' })).body.fieldErrors).toEqual({
      email: [authMessages.forgotEmailInvalid],
    })
    expect((await harness.call('POST', '/api/auth/check-email', undefined, { raw: 'nope' })).status).toBe(400)
  })
})

describe('POST /api/auth/create-guest-account', () => {
  const guest = (overrides: Record<string, unknown> = {}) => {
    const { password, dateOfBirth: _dob, marketingEmails: _m, ...fields } = person()
    return {
      ...fields,
      dateOfBirth: '1990-01-01',
      tempPassword: `${password}!x`,
      source: 'competition_entry',
      ...overrides,
    }
  }
  const create = (body: unknown) => harness.call('POST', '/api/auth/create-guest-account', body)

  it('creates a signed-in guest and invites them to verify', async () => {
    const body = guest()
    const answer = await create(body)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      user: {
        email: body.email,
        isGuest: true,
        emailVerified: false,
        dateOfBirth: '1990-01-01',
        role: 'user',
      },
    })
    const token = String(answer.body.token)
    expect((await harness.call('GET', '/api/auth/profile', undefined, { token })).status).toBe(200)
    const userId = stringField(answer.body, 'user', 'id')
    expect(await harness.linkToken(userId, 'verify-email')).toEqual(expect.any(String))
  })

  it('refuses a taken email with 409 (the entry flow then offers to log in)', async () => {
    const account = await registered(harness)
    const answer = await create(guest({ email: account.email }))
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe('EMAIL_TAKEN')
  })

  it('refuses a guest under 18 as registration does, making no account (issue 24)', async () => {
    const body = guest({ dateOfBirth: '2015-05-05' })
    expect(await create(body)).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        fieldErrors: { dateOfBirth: ['You must be 18 or older to register'] },
      },
    })
    expect(await harness.knex('user_emails').where({ email: body.email }).first()).toBeUndefined()
  })

  it.each([
    [{ dateOfBirth: '' }, 'dateOfBirth'],
    [{ source: 'registration' }, 'source'],
    [{ tempPassword: 'short' }, 'tempPassword'],
    [{ phone: '123' }, 'phone'],
    [{ address: '' }, 'address'],
    [{ firstName: '' }, 'firstName'],
    [{ email: 'x' }, 'email'],
  ])('refuses %o with 400 naming %s', async (change, field) => {
    const answer = await create(guest(change))
    expect(answer.status).toBe(400)
    expect(answer.body.fieldErrors).toHaveProperty(field)
  })
})
