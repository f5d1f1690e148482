import { authMessages, userStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { banUser } from '../users/standing'
import { serverMessages } from './messages'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { registered, signedIn, strongPassword, verified } from './test-people'

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_links')
})
afterAll(() => harness.close())

const hour = 60 * 60 * 1000
const eventTypes = async (userId: string) =>
  (await harness.store.readStream(userStream(userId))).map((event) => event.type)

describe('GET /api/auth/verify-email/:token', () => {
  const verify = (token: string) => harness.call('GET', `/api/auth/verify-email/${token}`)

  it('verifies once; the second use answers success with alreadyVerified', async () => {
    const account = await registered(harness)
    const token = await harness.linkToken(account.userId, 'verify-email')
    const first = await verify(token)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      success: true,
      message: serverMessages.emailVerified,
      alreadyVerified: false,
    })
    const second = await verify(token)
    expect(second.status).toBe(200)
    expect(second.body).toEqual({
      success: true,
      message: serverMessages.alreadyVerified,
      alreadyVerified: true,
    })
    expect((await eventTypes(account.userId)).filter((type) => type === 'EmailVerified')).toHaveLength(1)
  })

  it('refuses an unknown token, a superseded one and an expired one with 400 INVALID_TOKEN', async () => {
    expect((await verify('not-a-token')).body).toEqual({
      success: false,
      code: 'INVALID_TOKEN',
      message: authMessages.invalidVerificationToken,
    })
    const account = await registered(harness)
    const old = await harness.linkToken(account.userId, 'verify-email')
    await harness.call('POST', '/api/auth/resend-verification', { email: account.email })
    expect((await verify(old)).status).toBe(400)

    const fresh = await harness.linkToken(account.userId, 'verify-email')
    harness.clock.advance(48 * hour)
    try {
      expect((await verify(fresh)).body.code).toBe('INVALID_TOKEN')
    } finally {
      harness.clock.advance(-48 * hour)
    }
    expect((await verify(fresh)).status).toBe(200)
  })

  it('says a token is missing when the path has none', async () => {
    const answer = await harness.call('GET', '/api/auth/verify-email')
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(authMessages.noVerificationToken)
  })
})

describe('POST /api/auth/resend-verification', () => {
  const resend = (body: unknown) => harness.call('POST', '/api/auth/resend-verification', body)

  it('answers the same whether or not the email has an account, sending only when it does', async () => {
    const account = await registered(harness)
    const known = await resend({ email: account.email.toUpperCase() })
    const unknown = await resend({ email: 'nobody-at-all@example.com' })
    expect(known.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(known.body).toEqual({ success: true, message: serverMessages.verificationSent })
    expect(await eventTypes(account.userId)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
      'EmailVerificationRequested',
    ])
  })

  it('sends nothing to an account that is already verified', async () => {
    const account = await verified(harness)
    expect((await resend({ email: account.email })).status).toBe(200)
    expect((await eventTypes(account.userId)).at(-1)).toBe('EmailVerified')
  })

  it('refuses a missing or invalid email and a malformed body with 400', async () => {
    expect((await resend({ email: '' })).body.fieldErrors).toEqual({ email: [authMessages.enterEmail] })
    expect((await resend({ email: 'x@' })).body.fieldErrors).toEqual({
      email: [authMessages.forgotEmailInvalid],
    })
    expect(
      (await harness.call('POST', '/api/auth/resend-verification', undefined, { raw: '{' })).status,
    ).toBe(400)
  })
})

describe('POST /api/auth/forgot-password', () => {
  const forgot = (body: unknown) => harness.call('POST', '/api/auth/forgot-password', body)

  it('answers the same whether or not the email has an account, asking for a link only when it does', async () => {
    const account = await verified(harness)
    const known = await forgot({ email: account.email })
    const unknown = await forgot({ email: 'nobody-again@example.com' })
    expect(known.body).toEqual({ success: true, message: authMessages.resetLinkSent })
    expect(unknown.body).toEqual(known.body)
    expect((await eventTypes(account.userId)).at(-1)).toBe('PasswordResetRequested')
  })

  it('sends no link to a banned account, still answering the same', async () => {
    const account = await verified(harness)
    await banUser(harness.deps, { userId: account.userId }, harness.context())
    expect((await forgot({ email: account.email })).body).toEqual({
      success: true,
      message: authMessages.resetLinkSent,
    })
    expect(await eventTypes(account.userId)).not.toContain('PasswordResetRequested')
  })

  it('refuses an invalid email and a malformed body with 400', async () => {
    expect((await forgot({ email: 'nope' })).status).toBe(400)
    expect((await harness.call('POST', '/api/auth/forgot-password', undefined, { raw: '"' })).status).toBe(
      400,
    )
  })
})

describe('password reset links', () => {
  const resetLink = async (email: string, userId: string) => {
    await harness.call('POST', '/api/auth/forgot-password', { email })
    return harness.linkToken(userId, 'reset-password')
  }
  const reset = (body: unknown) => harness.call('POST', '/api/auth/reset-password', body)
  const newPassword = 'Brand9New'

  it('shows whom the link is for, sets the password once, and ends every other session', async () => {
    const account = await signedIn(harness)
    const token = await resetLink(account.email, account.userId)
    const check = await harness.call('GET', `/api/auth/verify-reset-token/${token}`)
    expect(check.status).toBe(200)
    expect(check.body).toEqual({
      success: true,
      message: serverMessages.resetLinkValid,
      user: { firstName: account.firstName, lastName: account.lastName, email: account.email },
    })

    const done = await reset({ token, password: newPassword, confirmPassword: newPassword })
    expect(done.body).toEqual({ success: true, message: serverMessages.passwordReset })
    expect((await harness.call('GET', '/api/auth/profile', undefined, { token: account.token })).status).toBe(
      401,
    )
    const oldLogin = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: strongPassword,
    })
    expect(oldLogin.status).toBe(401)
    const newLogin = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: newPassword,
    })
    expect(newLogin.status).toBe(200)

    const again = await reset({ token, password: 'Another9Pass', confirmPassword: 'Another9Pass' })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ code: 'INVALID_TOKEN', message: authMessages.invalidResetLink })
    expect((await harness.call('GET', `/api/auth/verify-reset-token/${token}`)).status).toBe(400)
  })

  it('verifies the email of an account that never clicked its verification link', async () => {
    const account = await registered(harness)
    const token = await resetLink(account.email, account.userId)
    expect((await reset({ token, password: newPassword, confirmPassword: newPassword })).status).toBe(200)
    const login = await harness.call('POST', '/api/auth/login', {
      email: account.email,
      password: newPassword,
    })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ emailVerified: true })
  })

  it('expires after one hour', async () => {
    const account = await verified(harness)
    const token = await resetLink(account.email, account.userId)
    harness.clock.advance(hour)
    try {
      expect((await harness.call('GET', `/api/auth/verify-reset-token/${token}`)).status).toBe(400)
      expect((await reset({ token, password: newPassword, confirmPassword: newPassword })).body.code).toBe(
        'INVALID_TOKEN',
      )
    } finally {
      harness.clock.advance(-hour)
    }
  })

  it('keeps only the latest link', async () => {
    const account = await verified(harness)
    const first = await resetLink(account.email, account.userId)
    await resetLink(account.email, account.userId)
    expect((await reset({ token: first, password: newPassword, confirmPassword: newPassword })).status).toBe(
      400,
    )
  })

  it.each([
    [
      { password: 'Brand9New', confirmPassword: 'Brand9Old' },
      'confirmPassword',
      authMessages.passwordsDoNotMatch,
    ],
    [{ password: 'Brand9New', confirmPassword: '' }, 'confirmPassword', authMessages.confirmPasswordRequired],
    [{ password: '', confirmPassword: '' }, 'password', authMessages.passwordRequired],
    [{ password: 'short1A', confirmPassword: 'short1A' }, 'password', authMessages.passwordTooShort],
    [
      { password: 'nocapital1', confirmPassword: 'nocapital1' },
      'password',
      authMessages.passwordNeedsUppercase,
    ],
    [
      { password: 'NOLOWER12', confirmPassword: 'NOLOWER12' },
      'password',
      authMessages.passwordNeedsLowercase,
    ],
    [
      { password: 'NoNumberHere', confirmPassword: 'NoNumberHere' },
      'password',
      authMessages.passwordNeedsNumber,
    ],
    [{ token: '', password: 'Brand9New', confirmPassword: 'Brand9New' }, 'token', authMessages.noResetToken],
  ])('refuses %o with 400 naming %s', async (body, field, message) => {
    const answer = await reset({ token: 'some-token', ...body })
    expect(answer.status).toBe(400)
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]).toContain(message)
  })

  it('refuses an unknown token and a malformed body with 400', async () => {
    const unknown = await reset({ token: 'made-up', password: newPassword, confirmPassword: newPassword })
    expect(unknown.body).toMatchObject({ code: 'INVALID_TOKEN', message: authMessages.invalidResetLink })
    expect((await harness.call('GET', '/api/auth/verify-reset-token/made-up')).status).toBe(400)
    expect((await harness.call('GET', '/api/auth/verify-reset-token')).body.message).toBe(
      authMessages.noResetToken,
    )
    expect((await harness.call('POST', '/api/auth/reset-password', undefined, { raw: '{]' })).status).toBe(
      400,
    )
  })
})
