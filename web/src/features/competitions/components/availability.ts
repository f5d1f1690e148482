import type { Tone } from '../../../theme/theme'
import type { AvailabilityStatus, EntryState } from '../model/home-competition'

/** How each availability status reads on a card; AVAILABLE needs no badge. */
export const availabilityBadge: Record<AvailabilityStatus, { label: string; tone: Tone } | null> = {
  AVAILABLE: null,
  HALF_FULL: { label: 'Over half sold', tone: 'info' },
  NEARLY_FULL: { label: 'Nearly full', tone: 'warning' },
  SOLD_OUT: { label: 'SOLD OUT', tone: 'error' },
}

/** What the Enter button says in each state; it is enabled only while open. */
export const enterLabel: Record<EntryState, string> = {
  open: 'Enter Competition',
  'sold-out': 'SOLD OUT',
  ended: 'Entries Closed',
  'awaiting-draw': 'Entries Closed',
  drawn: 'Drawn',
  cancelled: 'Cancelled',
}

/** A competition's own page. */
export const competitionPath = (id: string) => `/competitions/${encodeURIComponent(id)}`
