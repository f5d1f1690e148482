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

/** SPEC section 9 countdown wording, by UK calendar day: Ended, Today, Tomorrow, in N days (under 7), else weeks. */
export function countdown(endIso: string, now: Date): string {
  const end = parse(endIso)
  if (!end) return 'Invalid Date'
  if (end.getTime() <= now.getTime()) return 'Ended'
  const days = ukDayNumber(end) - ukDayNumber(now)
  if (days <= 0) return 'Today'
  if (days === 1) return 'Tomorrow'
  if (days < 7) return `in ${days} days`
  const weeks = Math.floor(days / 7)
  return weeks === 1 ? 'in 1 week' : `in ${weeks} weeks`
}
