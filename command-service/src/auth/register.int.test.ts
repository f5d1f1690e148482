import { authMessages, settingsStream, userStream } from '@prizes/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeSettings } from '../settings/settings'
import { type AuthHarness, startAuthHarness } from './test-harness'
import { person, stringField } from './test-people'

let harness: AuthHarness
beforeAll(async () => {
  harness = await startAuthHarness('auth_register')
})
afterAll(() => harness.close())

const register = (body: unknown) => harness.call('POST', '/api/auth/register', body)

describe('POST /api/auth/register', () => {
  it('registers, answers the session user without a token, and asks for verification', async () => {
    const who = person({ email: '  Grace.Hopper@Example.COM ' })
    const answer = await register(who)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      success: true,
      message: authMessages.registered,
      token: null,
      user: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'grace.hopper@example.com',
        phone: who.phone,
        address: who.address,
        dateOfBirth: '1990-12-10',
        role: 'user',
        isAdmin: false,
        isGuest: false,
        emailVerified: false,
        createdAt: '2030-06-15T10:00:00.000Z',
      },
    })
    const userId = stringField(answer.body, 'user', 'id')
    const events = await harness.store.readStream(userStream(userId))
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'EmailVerificationRequested'])
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain('grace.hopper')
  })

  it.each([
    [{ firstName: '' }, 'firstName', authMessages.firstNameRequired],
    [{ lastName: ' ' }, 'lastName', authMessages.lastNameRequired],
    [{ address: '' }, 'address', authMessages.addressRequired],
    [{ email: '' }, 'email', authMessages.emailRequired],
    [{ email: 'not-an-email' }, 'email', authMessages.emailInvalid],
    [{ phone: '' }, 'phone', authMessages.phoneRequired],
    [{ phone: '12345' }, 'phone', authMessages.phoneInvalid],
    [{ phone: 'call me maybe please' }, 'phone', authMessages.phoneInvalid],
    [{ dateOfBirth: '' }, 'dateOfBirth', authMessages.dateOfBirthRequired],
    [{ dateOfBirth: '10/12/1990' }, 'dateOfBirth', authMessages.dateOfBirthRequired],
    [{ dateOfBirth: '2012-06-16' }, 'dateOfBirth', authMessages.underage],
    [{ dateOfBirth: '2040-01-01' }, 'dateOfBirth', authMessages.underage],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'Please enter a valid date of birth'],
    [{ password: '' }, 'password', authMessages.passwordRequired],
    [{ password: 'Short1' }, 'password', authMessages.passwordTooShort],
    [{ password: 'ALLUPPER123' }, 'password', authMessages.passwordNeedsLowercase],
    [{ password: 'alllower123' }, 'password', authMessages.passwordNeedsUppercase],
    [{ password: 'NoDigitsHere' }, 'password', authMessages.passwordNeedsNumber],
  ])('refuses %o with 400 naming %s', async (change, field, message) => {
    const answer = await register(person(change))
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect((answer.body.fieldErrors as Record<string, string[]>)[field]).toContain(message)
  })

  it('registers someone who turns 18 today', async () => {
    expect((await register(person({ dateOfBirth: '2012-06-15' }))).status).toBe(200)
  })

  it('answers a missing field, a wrong type and a malformed body with 400, never 500', async () => {
    const { phone: _phone, ...withoutPhone } = person()
    expect((await register(withoutPhone)).body.fieldErrors).toMatchObject({
      phone: [authMessages.phoneRequired],
    })
    expect((await register(person({ marketingEmails: 'yes' }))).status).toBe(400)
    const malformed = await harness.call('POST', '/api/auth/register', undefined, { raw: '{"firstName":' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' })
    expect((await harness.call('POST', '/api/auth/register', undefined, { raw: '[]' })).status).toBe(400)
  })

  it('refuses an email that is taken in any letter case with 409 EMAIL_TAKEN', async () => {
    const who = person()
    expect((await register(who)).status).toBe(200)
    const again = await register(person({ email: who.email.toUpperCase() }))
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ success: false, code: 'EMAIL_TAKEN', message: authMessages.emailTaken })
  })

  it('lets exactly one of ten racing registrations of one email (in ten letter cases) succeed', async () => {
    const email = 'race.winner@example.com'
    const variants = Array.from({ length: 10 }, (_, i) =>
      [...email].map((c, j) => ((i >> (j % 4)) & 1 ? c.toUpperCase() : c)).join(''),
    )
    const answers = await Promise.all(variants.map((variant) => register(person({ email: variant }))))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, ...Array(9).fill(409)])
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.code).toBe('EMAIL_TAKEN')
    const rows = await harness.knex('user_emails').where({ email })
    expect(rows).toHaveLength(1)
    // The index names the winner, so sign-in finds the account that was actually created.
    const winner = answers.find((answer) => answer.status === 200)
    expect(rows[0]?.user_id).toBe(stringField(winner?.body ?? {}, 'user', 'id'))
  })
})

describe('registrations closed', () => {
  it('refuses registration and guest accounts with 403 REGISTRATIONS_CLOSED, and reopens', async () => {
    await changeSettings(harness.deps.handler, { allowRegistrations: false }, harness.context())
    const closed = await register(person())
    expect(closed.status).toBe(403)
    expect(closed.body).toMatchObject({
      code: 'REGISTRATIONS_CLOSED',
      message: authMessages.registrationsClosed,
    })
    const { password, dateOfBirth: _dob, marketingEmails: _m, ...guest } = person()
    const guestAnswer = await harness.call('POST', '/api/auth/create-guest-account', {
      ...guest,
      dateOfBirth: '1990-01-01',
      tempPassword: password,
      source: 'competition_entry',
    })
    expect(guestAnswer.status).toBe(403)
    expect(guestAnswer.body.code).toBe('REGISTRATIONS_CLOSED')

    await changeSettings(harness.deps.handler, { allowRegistrations: true }, harness.context())
    expect((await register(person())).status).toBe(200)
    expect((await harness.store.readStream(settingsStream)).map((event) => event.type)).toEqual([
      'SettingsChanged',
      'SettingsChanged',
    ])
  })
})
