import type { PublicCompetition } from '@prizes/contracts'
import { describe, expect, it } from 'vitest'
import {
  availabilityStatus,
  entryState,
  entryTarget,
  featuredActive,
  gridCompetitions,
  toHomeCompetition,
  withMoreSold,
  withMoreSoldTickets,
} from './home-competition'

function competition(overrides: Partial<PublicCompetition> = {}): PublicCompetition {
  return {
    id: 'c1',
    title: 'Win a Weekend Away',
    description: 'Two nights for two',
    prize: 'A weekend away for two',
    prize_value: 1200,
    entry_price: 1.99,
    total_tickets: 1000,
    sold_tickets: 250,
    paid_entries: 250,
    free_entries: 0,
    max_entries_per_person: 100,
    location: 'Edinburgh',
    start_date: '2026-01-01T00:00:00.000Z',
    end_date: '2026-02-01T00:00:00.000Z',
    status: 'active',
    featured: false,
    image_url: '/media/weekend.jpg',
    drawn_at: null,
    minimum_tickets: null,
    cash_alternative: null,
    skill_question: {
      question: 'Capital of Scotland?',
      options: ['Edinburgh', 'Glasgow', 'Perth', 'Dundee'],
    },
    ...overrides,
  }
}

describe('availabilityStatus', () => {
  it.each([
    [0, 100, 'AVAILABLE'],
    [50, 100, 'AVAILABLE'],
    [51, 100, 'HALF_FULL'],
    [90, 100, 'HALF_FULL'],
    [91, 100, 'NEARLY_FULL'],
    [99, 100, 'NEARLY_FULL'],
    [100, 100, 'SOLD_OUT'],
    [120, 100, 'SOLD_OUT'],
  ] as const)('%i of %i sold is %s', (sold, total, expected) => {
    expect(availabilityStatus(sold, total)).toBe(expected)
  })

  it('uses exact thresholds for totals that do not divide evenly', () => {
    // 9 of 10 is exactly 90 %, not above it.
    expect(availabilityStatus(9, 10)).toBe('HALF_FULL')
    // 2 of 3 is 66.7 %.
    expect(availabilityStatus(2, 3)).toBe('HALF_FULL')
    expect(availabilityStatus(3, 7)).toBe('AVAILABLE')
  })
})

describe('toHomeCompetition', () => {
  it('maps the API shape to the home view model', () => {
    expect(toHomeCompetition(competition())).toEqual({
      id: 'c1',
      title: 'Win a Weekend Away',
      prize: 'A weekend away for two',
      prizeValue: 1200,
      price: 1.99,
      tickets: 750,
      soldTickets: 250,
      location: 'Edinburgh',
      maxEntries: 1000,
      perPerson: 100,
      endDate: '2026-02-01T00:00:00.000Z',
      image_url: '/media/weekend.jpg',
      availabilityStatus: 'AVAILABLE',
      soldPercentage: 25,
      status: 'active',
      drawDate: '2026-02-01T00:00:00.000Z',
      minimumTickets: null,
    })
  })

  it('dates the draw at its time once drawn, else at the close', () => {
    const drawn = competition({ status: 'completed', drawn_at: '2026-02-02T10:00:00.000Z' })
    expect(toHomeCompetition(drawn).drawDate).toBe('2026-02-02T10:00:00.000Z')
  })

  it('defaults an empty location to UK Wide', () => {
    expect(toHomeCompetition(competition({ location: '  ' })).location).toBe('UK Wide')
  })

  it('never shows negative tickets or more than 100 % sold', () => {
    const oversold = toHomeCompetition(competition({ total_tickets: 100, sold_tickets: 104 }))
    expect(oversold.tickets).toBe(0)
    expect(oversold.soldPercentage).toBe(100)
    expect(oversold.availabilityStatus).toBe('SOLD_OUT')
  })

  it('treats a competition without a ticket limit as unlimited and available', () => {
    const unlimited = toHomeCompetition(competition({ total_tickets: 0, sold_tickets: 40 }))
    expect(unlimited).toMatchObject({
      tickets: null,
      maxEntries: null,
      perPerson: 100,
      availabilityStatus: 'AVAILABLE',
      soldPercentage: 0,
    })
  })
})

describe('filters', () => {
  const list = [
    competition({ id: 'a', status: 'active', featured: true }),
    competition({ id: 'b', status: 'active', featured: false }),
    competition({ id: 'c', status: 'closed', featured: true }),
    competition({ id: 'd', status: 'draft', featured: false }),
    competition({ id: 'e', status: 'drawing', featured: false }),
    competition({ id: 'f', status: 'completed', featured: false }),
    competition({ id: 'g', status: 'active', total_tickets: 10, sold_tickets: 10 }),
  ]

  it('keeps active competitions (sold-out ones too) then those awaiting their draw for the grid', () => {
    expect(gridCompetitions(list).map((c) => c.id)).toEqual(['a', 'b', 'g', 'c', 'e'])
  })

  it('keeps active and featured competitions for the carousel', () => {
    expect(featuredActive(list).map((c) => c.id)).toEqual(['a'])
  })
})

describe('entryState', () => {
  const now = new Date('2026-01-15T00:00:00.000Z')
  const state = (overrides: Partial<PublicCompetition>) =>
    entryState(toHomeCompetition(competition(overrides)), now)

  it('is open while active, before the end, with tickets left', () => {
    expect(state({})).toBe('open')
  })

  it('is sold out when every ticket is sold, ended past the end date', () => {
    expect(state({ total_tickets: 5, sold_tickets: 5 })).toBe('sold-out')
    expect(state({ end_date: '2026-01-14T23:59:59.000Z' })).toBe('ended')
  })

  it('awaits the draw when closed or drawing, and is drawn when completed', () => {
    expect(state({ status: 'closed' })).toBe('awaiting-draw')
    expect(state({ status: 'drawing' })).toBe('awaiting-draw')
    expect(state({ status: 'completed', total_tickets: 5, sold_tickets: 5 })).toBe('drawn')
  })

  it('stays sold out once the last sale has closed it, until drawn', () => {
    expect(state({ status: 'closed', total_tickets: 5, sold_tickets: 5 })).toBe('sold-out')
  })

  it('is cancelled once cancelled, whatever its dates and tickets say (issue 24)', () => {
    expect(state({ status: 'cancelled' })).toBe('cancelled')
    expect(state({ status: 'cancelled', total_tickets: 5, sold_tickets: 5 })).toBe('cancelled')
  })
})

describe('after an entry', () => {
  it('raises the sold count and recomputes what the card shows, never past the total', () => {
    const raised = withMoreSold(toHomeCompetition(competition({ total_tickets: 100, sold_tickets: 88 })), 3)
    expect(raised).toMatchObject({ tickets: 9, soldPercentage: 91, availabilityStatus: 'NEARLY_FULL' })
    const full = withMoreSold(toHomeCompetition(competition({ total_tickets: 100, sold_tickets: 98 })), 5)
    expect(full).toMatchObject({ tickets: 0, soldPercentage: 100, availabilityStatus: 'SOLD_OUT' })
    expect(withMoreSoldTickets(competition({ total_tickets: 100, sold_tickets: 98 }), 5).sold_tickets).toBe(
      100,
    )
  })

  it("counts an unlimited competition's entries and leaves the rest of its card as it is", () => {
    const unlimited = toHomeCompetition(competition({ total_tickets: 0, sold_tickets: 0 }))
    expect(withMoreSold(unlimited, 2)).toEqual({ ...unlimited, soldTickets: 2 })
  })

  it('opens the entry modal with the remaining tickets and the question', () => {
    expect(entryTarget(toHomeCompetition(competition()))).toEqual({
      id: 'c1',
      title: 'Win a Weekend Away',
      prize: 'A weekend away for two',
      price: 1.99,
      remaining: 750,
      maxEntries: 1000,
      perPerson: 100,
      endDate: '2026-02-01T00:00:00.000Z',
    })
  })
})
