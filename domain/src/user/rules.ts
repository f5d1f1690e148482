import { authMessages, minimumAge } from '@prizes/contracts'
import { AccountBanned, EmailNotVerified, InvalidDateOfBirth } from './errors'
import type { RegisteredUser } from './state'

/**
 * The user rules that need a clock, which the contract schemas (no clock) cannot check. The
 * clock is always an argument: the command side passes the request's time, the web its own.
 */

/** SPEC section 9: reset links are valid for 1 hour. */
export const resetLinkLifetimeMs = 60 * 60 * 1000
/** The spec gives none; two days covers a weekend away from the inbox, and resending is easy. */
export const verificationLinkLifetimeMs = 48 * 60 * 60 * 1000
/** A guest's link to finish setting up: as long as a verification link, since it does that job. */
export const guestPasswordLinkLifetimeMs = verificationLinkLifetimeMs
/** Beyond this the date is a typing mistake, not a customer. */
export const oldestPlausibleAge = 120

export const invalidDateOfBirthMessage = 'Please enter a valid date of birth'

interface CalendarDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

/** `YYYY-MM-DD` as a real calendar date (no 30 February), else undefined. */
function calendarDate(iso: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real ? { year, month, day } : undefined
}

/**
 * Whole years between the date of birth and `now`, counted on the UTC calendar. In British
 * summer time that makes someone 18 an hour later than London's clock would: the safe side for
 * an age limit. A 29 February birthday comes of age on 1 March in other years, as in UK law.
 */
export function ageOn(dateOfBirth: string, now: Date): number | undefined {
  const born = calendarDate(dateOfBirth)
  if (!born) return undefined
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()]
  const hadBirthday = month > born.month || (month === born.month && day >= born.day)
  return year - born.year - (hadBirthday ? 0 : 1)
}

/** The message for a date of birth that may not register on `now`, or undefined when it may. */
export function dateOfBirthProblem(dateOfBirth: string, now: Date): string | undefined {
  const age = ageOn(dateOfBirth, now)
  if (age === undefined || age > oldestPlausibleAge) return invalidDateOfBirthMessage
  // A date in the future gives a negative age and is refused with the same words as a minor.
  if (age < minimumAge) return authMessages.underage
  return undefined
}

export function assertRegistrableDateOfBirth(dateOfBirth: string, now: Date): void {
  const problem = dateOfBirthProblem(dateOfBirth, now)
  if (problem !== undefined) throw new InvalidDateOfBirth(problem)
}

export function expiryAfter(now: Date, lifetimeMs: number): string {
  return new Date(now.getTime() + lifetimeMs).toISOString()
}

/** A link is good up to, not including, its expiry instant. */
export function isExpired(expiresAt: string, now: Date): boolean {
  return Date.parse(expiresAt) <= now.getTime()
}

/**
 * A guest account whose password was chosen by whoever created it, at entry time, and not yet
 * by the owner of the inbox from the emailed link. Until it is, nothing may verify the email
 * or entrench that password: only setting a password from the link finishes the account.
 */
export function isGuestSettingUp(user: RegisteredUser): boolean {
  return user.guest && !user.emailVerified
}

/**
 * Who may sign in, once the password has been checked (checking it first means nobody learns
 * an account is banned or unverified without knowing its password).
 */
export function assertCanSignIn(user: RegisteredUser): void {
  if (user.banned) throw new AccountBanned()
  if (!user.emailVerified) throw new EmailNotVerified()
}
