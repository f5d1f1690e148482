import {
  authMessages,
  changePasswordRequest,
  emailOnlyRequest,
  loginRequest,
  registerRequest,
  resetPasswordRequest,
  updateProfileRequest,
} from '@prizes/contracts'
import { isAtLeastAge } from '@prizes/domain'
import { addError, type FieldErrors, firstErrors } from '../../../lib/field-errors'
import { parsePounds } from '../../../lib/pounds'

/**
 * Every form of the accounts screens checks its values with the contract's schema (the same
 * rules and sentences the server uses, SPEC section 5), plus the few rules that only exist on
 * screen: confirmations and checkboxes.
 */

export interface LoginValues {
  email: string
  password: string
}
export const validateLogin = (values: LoginValues) =>
  firstErrors<keyof LoginValues>(loginRequest.safeParse(values))

export interface EmailValues {
  email: string
}
/** Forgot password and resend verification: 'Please enter your email address', then a valid one. */
export const validateEmailOnly = (values: EmailValues) =>
  firstErrors<keyof EmailValues>(emailOnlyRequest.safeParse(values))

export interface RegisterValues {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  dateOfBirth: string
  password: string
  confirmPassword: string
  agreeTerms: boolean
  confirmAge: boolean
  marketingEmails: boolean
  /** Issue 14: a monthly spending limit now, none, or decide before the first purchase. */
  spendingLimitChoice: 'later' | 'none' | 'set'
  /** Pounds as typed, when `spendingLimitChoice` is 'set'. */
  spendingLimit: string
}

export const emptyRegisterValues: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  dateOfBirth: '',
  password: '',
  confirmPassword: '',
  agreeTerms: false,
  confirmAge: false,
  marketingEmails: false,
  spendingLimitChoice: 'later',
  spendingLimit: '',
}

function limitAnswer(values: RegisterValues): { monthlySpendingLimitPence?: number | null } {
  if (values.spendingLimitChoice === 'none') return { monthlySpendingLimitPence: null }
  if (values.spendingLimitChoice === 'later') return {}
  const parsed = parsePounds(values.spendingLimit)
  return 'pence' in parsed ? { monthlySpendingLimitPence: parsed.pence } : {}
}

export function registerPayload(values: RegisterValues) {
  const {
    confirmPassword: _c,
    agreeTerms: _t,
    confirmAge: _a,
    spendingLimitChoice: _l,
    spendingLimit: _s,
    ...payload
  } = values
  return { ...payload, ...limitAnswer(values) }
}

function checkConfirmation<F extends string>(
  errors: FieldErrors<F>,
  field: F,
  password: string,
  confirmation: string,
): void {
  if (confirmation === '') addError(errors, field, authMessages.confirmPasswordRequired)
  else if (confirmation !== password) addError(errors, field, authMessages.passwordsDoNotMatch)
}

/** `today` is the person's calendar day, `YYYY-MM-DD`. */
export function validateRegister(values: RegisterValues, today: string): FieldErrors<keyof RegisterValues> {
  const errors = firstErrors<keyof RegisterValues>(registerRequest.safeParse(registerPayload(values)))
  if (errors.dateOfBirth === undefined && !isAtLeastAge(values.dateOfBirth, today)) {
    errors.dateOfBirth = authMessages.underage
  }
  checkConfirmation(errors, 'confirmPassword', values.password, values.confirmPassword)
  if (!values.agreeTerms) addError(errors, 'agreeTerms', authMessages.termsRequired)
  if (!values.confirmAge) addError(errors, 'confirmAge', authMessages.ageConfirmationRequired)
  if (values.spendingLimitChoice === 'set') {
    const parsed = parsePounds(values.spendingLimit)
    if ('error' in parsed) addError(errors, 'spendingLimit', parsed.error)
  }
  return errors
}

export interface ProfileValues {
  firstName: string
  lastName: string
  phone: string
  address: string
}
export const validateProfile = (values: ProfileValues) =>
  firstErrors<keyof ProfileValues>(updateProfileRequest.safeParse(values))

export interface ChangePasswordValues {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}
export const emptyChangePasswordValues: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
}
export function validateChangePassword(values: ChangePasswordValues) {
  const errors = firstErrors<keyof ChangePasswordValues>(changePasswordRequest.safeParse(values))
  checkConfirmation(errors, 'confirmPassword', values.newPassword, values.confirmPassword)
  return errors
}

export interface ResetPasswordValues {
  password: string
  confirmPassword: string
}
export const emptyResetPasswordValues: ResetPasswordValues = { password: '', confirmPassword: '' }
/** The token is checked before the form shows; here only what the person types. */
export function validateResetPassword(values: ResetPasswordValues) {
  const errors = firstErrors<keyof ResetPasswordValues | 'token'>(
    resetPasswordRequest.safeParse({ token: 'checked-already', ...values }),
  )
  checkConfirmation(errors, 'confirmPassword', values.password, values.confirmPassword)
  const { token: _token, ...fieldErrors } = errors
  return fieldErrors
}

/** Today as the person's calendar shows it, `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
