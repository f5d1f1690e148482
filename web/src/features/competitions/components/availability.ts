import type { Tone } from '../../../theme/theme'
import type { AvailabilityStatus } from '../model/home-competition'

/** How each availability status reads on a card; AVAILABLE needs no badge. */
export const availabilityBadge: Record<AvailabilityStatus, { label: string; tone: Tone } | null> = {
  AVAILABLE: null,
  HALF_FULL: { label: 'Over half sold', tone: 'info' },
  NEARLY_FULL: { label: 'Nearly full', tone: 'warning' },
  SOLD_OUT: { label: 'Sold out', tone: 'error' },
}
