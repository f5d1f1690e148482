/** Display formats from SPEC section 9: GBP with 2 decimals, prize values of 1000 and above as K, en-GB dates. */

const timeZone = 'Europe/London'

const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const count = new Intl.NumberFormat('en-GB')
const thousands = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 })
const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone })
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone,
})
const dayParts = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  timeZone,
})

export function formatPrice(pounds: number): string {
  return gbp.format(pounds)
}

export function formatPrizeValue(pounds: number): string {
  return pounds >= 1000 ? `£${thousands.format(pounds / 1000)}K` : gbp.format(pounds)
}

export function formatCount(n: number): string {
  return count.format(n)
}

function parse(iso: string): Date | undefined {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? undefined : d
}

export function formatDate(iso: string): string {
  const d = parse(iso)
  return d ? date.format(d) : 'Invalid Date'
}

/** A moment to the second, UK time (an audit trail's "when"). */
export function formatDateTime(iso: string): string {
  const d = parse(iso)
  return d ? dateTime.format(d) : 'Invalid Date'
}

/** Days since the epoch of the calendar day a moment falls on in the UK. */
function ukDayNumber(d: Date): number {
  const parts = Object.fromEntries(dayParts.formatToParts(d).map((p) => [p.type, p.value]))
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000
}

/** Under this long to go, a competition is closing soon: its countdown shows hours and minutes. */
export const closingSoonMs = 24 * 60 * 60 * 1000

/** What is left until a moment, in whole units; all zero once it has passed. */
export interface TimeLeft {
  readonly ended: boolean
  readonly closingSoon: boolean
  readonly days: number
  readonly hours: number
  readonly minutes: number
  readonly seconds: number
}

export function timeLeft(endIso: string, now: Date): TimeLeft {
  const end = parse(endIso)
  const ms = end ? end.getTime() - now.getTime() : 0
  if (ms <= 0) return { ended: true, closingSoon: false, days: 0, hours: 0, minutes: 0, seconds: 0 }
  const totalSeconds = Math.floor(ms / 1000)
  return {
    ended: false,
    closingSoon: ms < closingSoonMs,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor(totalSeconds / 3600) % 24,
    minutes: Math.floor(totalSeconds / 60) % 60,
    seconds: totalSeconds % 60,
  }
}

/**
 * SPEC section 9 countdown wording, by UK calendar day: Ended, Today, Tomorrow, in N days (under
 * 7), else weeks; under 24 hours to go, hours and minutes instead ("in 5h 12m"), so the last day
 * does not read "Today" until the very end.
 */
export function countdown(endIso: string, now: Date): string {
  const end = parse(endIso)
  if (!end) return 'Invalid Date'
  const left = timeLeft(endIso, now)
  if (left.ended) return 'Ended'
  if (left.closingSoon) {
    if (left.hours > 0) return `in ${left.hours}h ${left.minutes}m`
    return left.minutes > 0 ? `in ${left.minutes}m` : 'in under a minute'
  }
  const days = ukDayNumber(end) - ukDayNumber(now)
  if (days <= 0) return 'Today'
  if (days === 1) return 'Tomorrow'
  if (days < 7) return `in ${days} days`
  const weeks = Math.floor(days / 7)
  return weeks === 1 ? 'in 1 week' : `in ${weeks} weeks`
}
