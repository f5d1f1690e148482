import type { UserEntry } from '@prizes/contracts'
import type { Tone } from '../../../theme/theme'

export interface EntryStateLabel {
  readonly label: string
  readonly tone: Tone | 'accent'
}

/**
 * The dashboard's label for an entry's competition (SPEC section 4): a refund says so, a
 * competition past its closing date but not yet drawn is Draw Pending.
 */
export function entryStateLabel(
  entry: Pick<UserEntry, 'status' | 'paymentStatus' | 'drawDate'>,
  now: Date,
): EntryStateLabel {
  if (entry.paymentStatus === 'refunded') return { label: 'Refunded', tone: 'error' }
  switch (entry.status) {
    case 'cancelled':
      return { label: 'Cancelled', tone: 'error' }
    case 'won':
      return { label: 'Won', tone: 'accent' }
    case 'drawn':
      return { label: 'Draw Complete', tone: 'primary' }
    case 'active': {
      const closes = entry.drawDate === null ? Number.NaN : Date.parse(entry.drawDate)
      return closes <= now.getTime()
        ? { label: 'Draw Pending', tone: 'warning' }
        : { label: 'Active', tone: 'success' }
    }
    default: {
      const unknown: never = entry.status
      return { label: `Unknown (${String(unknown)})`, tone: 'info' }
    }
  }
}

/**
 * The dashboard's greeting. A guest account was made by the entry flow just now, for someone
 * who never signed up: they are welcomed, not welcomed back.
 */
export function dashboardGreeting(user: { readonly firstName: string; readonly isGuest: boolean }): string {
  return user.isGuest ? `Welcome, ${user.firstName}!` : `Welcome back, ${user.firstName}!`
}

/** Member since, en-GB; 'Unknown' when the date cannot be read (SPEC section 8). */
export function memberSince(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return 'Unknown'
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date)
}
