/** SPEC section 9: registration is for people aged 18 and over; the picker reaches back 100 years. */
export const minimumAgeYears = 18
export const oldestAgeYears = 100

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

interface CalendarDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

/** A real calendar date from `YYYY-MM-DD`, or null (so 2001-02-30 is not a birthday). */
function parseIsoDate(value: string): CalendarDate | null {
  const match = isoDate.exec(value)
  if (!match) return null
  const [, y, m, d] = match
  const date = { year: Number(y), month: Number(m), day: Number(d) }
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day))
  const real =
    check.getUTCFullYear() === date.year &&
    check.getUTCMonth() === date.month - 1 &&
    check.getUTCDate() === date.day
  return real ? date : null
}

/** Whole years from the birth date to `today`; a birthday counts from its own day. */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const birth = parseIsoDate(dateOfBirth)
  const now = parseIsoDate(today)
  if (!birth || !now) return null
  const hadBirthdayThisYear = now.month > birth.month || (now.month === birth.month && now.day >= birth.day)
  return now.year - birth.year - (hadBirthdayThisYear ? 0 : 1)
}

/**
 * True when someone born on `dateOfBirth` is at least `years` old on `today` (both `YYYY-MM-DD`,
 * the caller's calendar day, so the rule needs no clock). A 29 February birthday comes of age on
 * 1 March in years without one.
 */
export function isAtLeastAge(dateOfBirth: string, today: string, years = minimumAgeYears): boolean {
  const age = ageOn(dateOfBirth, today)
  return age !== null && age >= years
}

function yearsBefore(today: string, years: number): string {
  const now = parseIsoDate(today)
  if (!now) throw new RangeError(`Not a calendar date: ${today}`)
  const year = String(now.year - years).padStart(4, '0')
  const month = String(now.month).padStart(2, '0')
  // 29 February has no counterpart in most years; the day before keeps the bound inside the rule.
  const day = now.month === 2 && now.day === 29 && parseIsoDate(`${year}-02-29`) === null ? 28 : now.day
  return `${year}-${month}-${String(day).padStart(2, '0')}`
}

/** The date-of-birth picker's range: from 100 years ago to exactly 18 years ago. */
export function dateOfBirthRange(today: string): { readonly min: string; readonly max: string } {
  return { min: yearsBefore(today, oldestAgeYears), max: yearsBefore(today, minimumAgeYears) }
}
