import { authMessages } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import {
  emptyRegisterValues,
  localToday,
  type RegisterValues,
  registerPayload,
  validateChangePassword,
  validateEmailOnly,
  validateLogin,
  validateProfile,
  validateRegister,
  validateResetPassword,
} from './forms'

const today = '2026-05-07'

const filled: RegisterValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: '12 St James’s Square, London',
  dateOfBirth: '1990-12-10',
  password: 'Analytical1',
  confirmPassword: 'Analytical1',
  agreeTerms: true,
  confirmAge: true,
  marketingEmails: false,
  spendingLimitChoice: 'later',
  spendingLimit: '',
}

describe('login form', () => {
  it('needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: authMessages.emailRequired,
      password: authMessages.passwordRequired,
    })
  })

  it('wants a valid email', () => {
    expect(validateLogin({ email: 'ada@', password: 'x' })).toEqual({ email: authMessages.emailInvalid })
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toEqual({})
  })
})

describe('email-only forms', () => {
  it("say 'Please enter your email address', then 'Please enter a valid email address'", () => {
    expect(validateEmailOnly({ email: '  ' })).toEqual({ email: authMessages.enterEmail })
    expect(validateEmailOnly({ email: 'nope' })).toEqual({ email: authMessages.forgotEmailInvalid })
    expect(validateEmailOnly({ email: 'a@b.co' })).toEqual({})
  })
})

describe('register form', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(filled, today)).toEqual({})
  })

  it('sends the monthly limit answer: pence, none, or nothing to ask later', () => {
    expect(registerPayload({ ...filled, spendingLimitChoice: 'set', spendingLimit: '10.50' })).toMatchObject({
      monthlySpendingLimitPence: 1050,
    })
    expect(registerPayload({ ...filled, spendingLimitChoice: 'none' })).toMatchObject({
      monthlySpendingLimitPence: null,
    })
    expect(registerPayload(filled)).not.toHaveProperty('monthlySpendingLimitPence')
    expect(validateRegister({ ...filled, spendingLimitChoice: 'set', spendingLimit: 'ten' }, today)).toEqual({
      spendingLimit: 'Enter an amount in pounds and pence, from £0.00 to £100,000.00',
    })
  })

  it('gives one message for every empty field', () => {
    expect(validateRegister(emptyRegisterValues, today)).toEqual({
      firstName: authMessages.firstNameRequired,
      lastName: authMessages.lastNameRequired,
      email: authMessages.emailRequired,
      phone: authMessages.phoneRequired,
      address: authMessages.addressRequired,
      dateOfBirth: authMessages.dateOfBirthRequired,
      password: authMessages.passwordRequired,
      confirmPassword: authMessages.confirmPasswordRequired,
      agreeTerms: authMessages.termsRequired,
      confirmAge: authMessages.ageConfirmationRequired,
    })
  })

  it.each([
    ['0123', authMessages.phoneInvalid],
    ['07700 900abc', authMessages.phoneInvalid],
    ['+353 (1) 555-0100', undefined],
  ])('phone %j', (phone, message) => {
    expect(validateRegister({ ...filled, phone }, today).phone).toBe(message)
  })

  it('refuses anyone under 18 on the day', () => {
    expect(validateRegister({ ...filled, dateOfBirth: '2008-05-08' }, today).dateOfBirth).toBe(
      authMessages.underage,
    )
    expect(validateRegister({ ...filled, dateOfBirth: '2008-05-07' }, today).dateOfBirth).toBeUndefined()
  })

  it.each([
    ['abc', authMessages.passwordTooShort],
    ['ABCDEFG1', authMessages.passwordNeedsLowercase],
    ['abcdefg1', authMessages.passwordNeedsUppercase],
    ['Abcdefgh', authMessages.passwordNeedsNumber],
  ])('password %j', (password, message) => {
    expect(validateRegister({ ...filled, password, confirmPassword: password }, today).password).toBe(message)
  })

  it('wants the confirmation to match', () => {
    expect(validateRegister({ ...filled, confirmPassword: 'Analytical2' }, today).confirmPassword).toBe(
      authMessages.passwordsDoNotMatch,
    )
  })

  it('wants both checkboxes, not the marketing one', () => {
    expect(validateRegister({ ...filled, agreeTerms: false, confirmAge: false }, today)).toEqual({
      agreeTerms: authMessages.termsRequired,
      confirmAge: authMessages.ageConfirmationRequired,
    })
  })

  it('sends only what the register call takes', () => {
    expect(Object.keys(registerPayload(filled)).sort()).toEqual(
      [
        'address',
        'dateOfBirth',
        'email',
        'firstName',
        'lastName',
        'marketingEmails',
        'password',
        'phone',
      ].sort(),
    )
  })
})

describe('profile form', () => {
  it('needs names and a phone, not an address', () => {
    expect(validateProfile({ firstName: '', lastName: '', phone: '', address: '' })).toEqual({
      firstName: authMessages.firstNameRequired,
      lastName: authMessages.lastNameRequired,
      phone: authMessages.phoneRequired,
    })
    expect(validateProfile({ firstName: 'A', lastName: 'B', phone: '07700 900123', address: '' })).toEqual({})
  })
})

describe('change-password form', () => {
  it('needs the current password, a new one by the register rules, and a match', () => {
    expect(
      validateChangePassword({ currentPassword: '', newPassword: 'short', confirmPassword: '' }),
    ).toEqual({
      currentPassword: authMessages.currentPasswordRequired,
      newPassword: authMessages.passwordTooShort,
      confirmPassword: authMessages.confirmPasswordRequired,
    })
    expect(
      validateChangePassword({ currentPassword: 'x', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' }),
    ).toEqual({ confirmPassword: authMessages.passwordsDoNotMatch })
  })
})

describe('reset-password form', () => {
  it('uses the reset page sentences', () => {
    expect(validateResetPassword({ password: '', confirmPassword: '' })).toEqual({
      password: authMessages.passwordRequired,
      confirmPassword: authMessages.confirmPasswordRequired,
    })
    expect(validateResetPassword({ password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({
      password: authMessages.passwordNeedsUppercase,
    })
    expect(validateResetPassword({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({})
  })
})

describe('localToday', () => {
  it('is the calendar day on the clock it is given', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})
