import type { CompetitionStatus, PublicCompetition } from '@prizes/contracts'
import type { EntryTarget } from '../../../stores/ui-store'

export type AvailabilityStatus = 'AVAILABLE' | 'HALF_FULL' | 'NEARLY_FULL' | 'SOLD_OUT'

/**
 * SPEC section 4 "Availability": SOLD_OUT if sold >= total, NEARLY_FULL above 90 %, HALF_FULL above 50 %.
 * Compared in whole tickets so 90 % of an odd total does not depend on floating point.
 */
export function availabilityStatus(sold: number, total: number): AvailabilityStatus {
  if (total <= 0) return 'AVAILABLE'
  if (sold >= total) return 'SOLD_OUT'
  if (sold * 10 > total * 9) return 'NEARLY_FULL'
  if (sold * 2 > total) return 'HALF_FULL'
  return 'AVAILABLE'
}

/** SPEC section 3 "Competition (home view model)", plus the prize value the card shows. */
export interface HomeCompetition {
  readonly id: string
  readonly title: string
  readonly prize: string
  readonly prizeValue: number
  /** Entry price in pounds. */
  readonly price: number
  /** Tickets still available; null when the competition has no ticket limit. */
  readonly tickets: number | null
  /** Tickets entered so far. */
  readonly soldTickets: number
  readonly location: string
  /** total_tickets; null means unlimited. */
  readonly maxEntries: number | null
  /** The most entries one person may hold, paid and postal together. */
  readonly perPerson: number
  readonly endDate: string
  readonly image_url: string | null
  readonly availabilityStatus: AvailabilityStatus
  /** 0 to 100. */
  readonly soldPercentage: number
  readonly status: CompetitionStatus
  /** When it is drawn, or was: the draw's time once drawn, else the close. */
  readonly drawDate: string
  /** Issue 14: tickets that must sell for the draw to go ahead at the end date; null: none. */
  readonly minimumTickets: number | null
}

export const defaultLocation = 'UK Wide'

export function toHomeCompetition(c: PublicCompetition): HomeCompetition {
  const limited = c.total_tickets > 0
  return {
    id: c.id,
    title: c.title,
    prize: c.prize,
    prizeValue: c.prize_value,
    price: c.entry_price,
    tickets: limited ? Math.max(0, c.total_tickets - c.sold_tickets) : null,
    soldTickets: c.sold_tickets,
    location: c.location.trim() === '' ? defaultLocation : c.location,
    maxEntries: limited ? c.total_tickets : null,
    perPerson: c.max_entries_per_person,
    endDate: c.end_date,
    image_url: c.image_url,
    availabilityStatus: availabilityStatus(c.sold_tickets, c.total_tickets),
    soldPercentage: limited ? Math.min(100, Math.max(0, (c.sold_tickets / c.total_tickets) * 100)) : 0,
    status: c.status,
    drawDate: c.drawn_at ?? c.end_date,
    minimumTickets: c.minimum_tickets,
  }
}

/**
 * Where a competition stands for someone who would enter it: open; sold out (open or closed,
 * until drawn); past its end but not closed yet; closed and awaiting its draw; drawn; cancelled.
 */
export type EntryState = 'open' | 'sold-out' | 'ended' | 'awaiting-draw' | 'drawn' | 'cancelled'

export function entryState(
  c: Pick<HomeCompetition, 'status' | 'availabilityStatus' | 'endDate'>,
  now: Date,
): EntryState {
  if (c.status === 'completed') return 'drawn'
  if (c.status === 'cancelled') return 'cancelled'
  // Selling the last ticket closes a competition; it still reads SOLD OUT until it is drawn.
  if (c.availabilityStatus === 'SOLD_OUT') return 'sold-out'
  if (c.status === 'closed' || c.status === 'drawing') return 'awaiting-draw'
  if (new Date(c.endDate).getTime() <= now.getTime()) return 'ended'
  return 'open'
}

/**
 * The Live Competitions grid: active competitions (sold-out ones too, until drawn), then those
 * closed and awaiting their draw; each group in the server's order.
 */
export function gridCompetitions(list: readonly PublicCompetition[]): HomeCompetition[] {
  const active = list.filter((c) => c.status === 'active')
  const awaiting = list.filter((c) => c.status === 'closed' || c.status === 'drawing')
  return [...active, ...awaiting].map(toHomeCompetition)
}

/** The carousel keeps only active, featured competitions (SPEC section 7, featured endpoint). */
export function featuredActive(list: readonly PublicCompetition[]): HomeCompetition[] {
  return list.filter((c) => c.status === 'active' && c.featured).map(toHomeCompetition)
}

/** What the entry modal is opened with. */
export const entryTarget = (c: HomeCompetition): EntryTarget => ({
  id: c.id,
  title: c.title,
  prize: c.prize,
  price: c.price,
  remaining: c.tickets,
  maxEntries: c.maxEntries,
  perPerson: c.perPerson,
  endDate: c.endDate,
})

/** The same competition with `count` more tickets sold, as the home page shows it straight after an entry. */
export function withMoreSold(c: HomeCompetition, count: number): HomeCompetition {
  if (c.maxEntries === null || c.tickets === null) return { ...c, soldTickets: c.soldTickets + count }
  const sold = Math.min(c.maxEntries, c.maxEntries - c.tickets + count)
  return {
    ...c,
    tickets: c.maxEntries - sold,
    soldTickets: sold,
    availabilityStatus: availabilityStatus(sold, c.maxEntries),
    soldPercentage: Math.min(100, (sold / c.maxEntries) * 100),
  }
}

/** The API's competition with `count` more tickets sold, never past the total. */
export function withMoreSoldTickets(c: PublicCompetition, count: number): PublicCompetition {
  if (c.total_tickets <= 0) return { ...c, sold_tickets: c.sold_tickets + count }
  return { ...c, sold_tickets: Math.min(c.total_tickets, c.sold_tickets + count) }
}
