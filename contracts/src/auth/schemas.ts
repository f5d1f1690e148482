import { z } from 'zod'
import { maxLength, tooLongMessage } from '../bounds'
import { userRole } from '../events/user'
import { maxSpendingLimitPence } from '../responsible-play/limits'
import { text } from '../text'
import { authMessages as m } from './messages'

/** SPEC section 5: an optional leading +, then digits, spaces, hyphens or brackets; 10 or more. */
export const phonePattern = /^\+?[0-9\s\-()]{10,}$/
export const minimumPasswordLength = 8
export const minimumAge = 18

/** Required text of at most `max` characters (every personal field ends up, encrypted, in an event). */
const requiredText = (message: string, label: string, max: number) =>
  text(max, tooLongMessage(label, max), { error: message }).trim().min(1, message)

export const firstName = requiredText(m.firstNameRequired, 'First name', maxLength.firstName)
export const lastName = requiredText(m.lastNameRequired, 'Last name', maxLength.lastName)
export const address = requiredText(m.addressRequired, 'Address', maxLength.address)

export const email = text(maxLength.email, m.emailInvalid, { error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .pipe(z.email(m.emailInvalid))
  .transform((value) => value.toLowerCase())

const passwordTooLong = tooLongMessage('Password', maxLength.password)

/** A password as typed: never trimmed, at most `maxLength.password` (hashing cost grows with it). */
const password = (requiredMessage: string) =>
  text(maxLength.password, passwordTooLong, { error: requiredMessage }).min(1, requiredMessage)

export const newPassword = password(m.passwordRequired)
  .min(minimumPasswordLength, m.passwordTooShort)
  .regex(/[a-z]/, m.passwordNeedsLowercase)
  .regex(/[A-Z]/, m.passwordNeedsUppercase)
  .regex(/[0-9]/, m.passwordNeedsNumber)

export const phone = text(maxLength.phone, m.phoneInvalid, { error: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .regex(phonePattern, m.phoneInvalid)

/** ISO calendar date; the 18-and-over rule needs today's date and lives in the domain. */
export const dateOfBirth = text(32, m.dateOfBirthRequired, { error: m.dateOfBirthRequired })
  .trim()
  .min(1, m.dateOfBirthRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateOfBirthRequired)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), m.dateOfBirthRequired)

/** The session user of SPEC section 3 (camelCase). */
export const sessionUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  dateOfBirth: z.string().nullable(),
  role: userRole,
  isAdmin: z.boolean(),
  isGuest: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  avatar: z.string().optional(),
})
export type SessionUser = z.infer<typeof sessionUser>

const ok = z.literal(true)
const confirmation = password(m.confirmPasswordRequired)

export const registerRequest = z.object({
  firstName,
  lastName,
  email,
  password: newPassword,
  phone,
  address,
  dateOfBirth,
  marketingEmails: z.boolean().default(false),
  /** Issue 14, asked at sign-up: a monthly spending limit in pence, null for none; absent: ask later. */
  monthlySpendingLimitPence: z.number().int().min(0).max(maxSpendingLimitPence).nullable().optional(),
})
export const registerResponse = z.object({
  success: ok,
  message: z.string(),
  user: sessionUser,
  token: z.null(),
})

export const loginRequest = z.object({
  email,
  password: password(m.passwordRequired),
  rememberMe: z.boolean().optional(),
})
export const loginResponse = z.object({
  success: ok,
  message: z.string(),
  user: sessionUser,
  token: z.string(),
})

export const profileResponse = z.object({ success: ok, user: sessionUser })
export const updateProfileRequest = z.object({
  firstName,
  lastName,
  /** Read-only (contact support to change it): accepted so the web can send the whole form. */
  email: text(maxLength.email).optional(),
  phone,
  address: text(maxLength.address, tooLongMessage('Address', maxLength.address)).trim().default(''),
})
export const updateProfileResponse = z.object({ success: ok, message: z.string(), user: sessionUser })

export const changePasswordRequest = z
  .object({
    currentPassword: password(m.currentPasswordRequired),
    newPassword,
    confirmPassword: confirmation,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })

/** resend-verification, forgot-password and check-email take only an email. */
export const emailOnlyRequest = z.object({
  email: text(maxLength.email, m.forgotEmailInvalid, { error: m.enterEmail })
    .trim()
    .min(1, m.enterEmail)
    .pipe(z.email(m.forgotEmailInvalid))
    .transform((v) => v.toLowerCase()),
})
export const messageResponse = z.object({ success: ok, message: z.string() })
/**
 * Changing the password ends every session of the user, so the answer carries a fresh token
 * for the browser that made the change.
 */
export const changePasswordResponse = messageResponse.extend({ token: z.string().optional() })
export const checkEmailResponse = z.object({ success: ok, exists: z.boolean() })

export const loginForEntryRequest = loginRequest.pick({ email: true, password: true })
export const sessionResponse = z.object({
  success: ok,
  token: z.string(),
  user: sessionUser,
  message: z.string().optional(),
})

export const createGuestAccountRequest = z.object({
  firstName,
  lastName,
  email,
  phone,
  address,
  /** Issue 24: a guest gives a date of birth too, 18 or over as at registration. */
  dateOfBirth,
  tempPassword: newPassword,
  source: z.literal('competition_entry'),
})

export const verifyResetTokenResponse = z.object({
  success: ok,
  message: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
})
export const resetPasswordRequest = z
  .object({
    token: text(maxLength.identifier, m.noResetToken, { error: m.noResetToken }).min(1, m.noResetToken),
    password: newPassword,
    confirmPassword: confirmation,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })

export const verifyEmailResponse = z.object({
  success: ok,
  message: z.string(),
  alreadyVerified: z.boolean(),
})
