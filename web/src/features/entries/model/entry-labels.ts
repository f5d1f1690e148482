import { entryMessages, type UserEntry } from '@prizes/contracts'
import type { Tone } from '../../../theme/theme'

export interface EntryStateLabel {
  readonly label: string
  readonly tone: Tone | 'accent'
}

/**
 * The dashboard's label for an entry's competition (SPEC section 4): a refund says so, a
 * competition past its closing date but not yet drawn is Draw Pending. Once the competition has
 * closed the server says whether the entry is in the draw (never before): an entry with a wrong
 * answer is "Not in the draw: incorrect answer" from then on, never "Draw Complete", and a
 * correct one is "In the draw" until the draw is made.
 */
export function entryStateLabel(
  entry: Pick<UserEntry, 'status' | 'paymentStatus' | 'drawDate'> & {
    readonly drawStatus?: UserEntry['drawStatus']
  },
  now: Date,
): EntryStateLabel {
  if (entry.paymentStatus === 'refunded') return { label: 'Refunded', tone: 'error' }
  if (entry.paymentStatus === 'disputed') return { label: 'Payment disputed', tone: 'warning' }
  if (entry.status !== 'cancelled' && entry.drawStatus === 'not_in_draw') {
    return { label: entryMessages.notInTheDraw, tone: 'error' }
  }
  if (entry.status === 'active' && entry.drawStatus === 'in_draw') {
    return { label: entryMessages.inTheDraw, tone: 'primary' }
  }
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
