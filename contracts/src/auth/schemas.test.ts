import { describe, expect, test } from 'vitest'
import { authMessages as m } from './messages'
import { changePasswordRequest, emailOnlyRequest, loginRequest, registerRequest } from './schemas'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: '  Ada@Example.COM ',
  password: 'Secret123',
  phone: '+44 (0)20 7946-0958',
  address: '1 Analytical Row, London',
  dateOfBirth: '1990-12-10',
}

describe('auth request schemas', () => {
  test('a valid registration parses, with the email trimmed and lower-cased', () => {
    const parsed = registerRequest.parse(valid)
    expect(parsed.email).toBe('ada@example.com')
    expect(parsed.marketingEmails).toBe(false)
  })

  test.each([
    [{ email: '' }, m.emailRequired],
    [{ email: 'not-an-email' }, m.emailInvalid],
    [{ phone: '12345' }, m.phoneInvalid],
    [{ phone: 'call me maybe' }, m.phoneInvalid],
    [{ password: 'short1A' }, m.passwordTooShort],
    [{ password: 'alllowercase1' }, m.passwordNeedsUppercase],
    [{ password: 'ALLUPPERCASE1' }, m.passwordNeedsLowercase],
    [{ password: 'NoDigitsHere' }, m.passwordNeedsNumber],
    [{ firstName: '   ' }, m.firstNameRequired],
    [{ address: '' }, m.addressRequired],
    [{ dateOfBirth: '10/12/1990' }, m.dateOfBirthRequired],
  ])('registration %o is refused with the spec message', (change, message) => {
    expect(firstMessage(registerRequest.safeParse({ ...valid, ...change }))).toBe(message)
  })

  test('missing fields name their rule, not a type error', () => {
    expect(firstMessage(loginRequest.safeParse({}))).toBe(m.emailRequired)
    expect(firstMessage(loginRequest.safeParse({ email: 'a@b.co' }))).toBe(m.passwordRequired)
  })

  test('password confirmation must match', () => {
    const result = changePasswordRequest.safeParse({
      currentPassword: 'Old12345',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass124',
    })
    expect(firstMessage(result)).toBe(m.passwordsDoNotMatch)
  })

  test('email-only requests use the forgot-password wording', () => {
    expect(firstMessage(emailOnlyRequest.safeParse({ email: '' }))).toBe(m.enterEmail)
    expect(firstMessage(emailOnlyRequest.safeParse({ email: 'nope' }))).toBe(m.forgotEmailInvalid)
  })
})
