import type { PublicCompetition, PublicCompetitionDetail } from '@prizes/contracts'
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type HomeCompetition, toHomeCompetition } from '../model/home-competition'
import { competitionQueryKey } from './get-competition'
import { applyCompetitionChange } from './live-competitions'

const competition: PublicCompetition = {
  id: 'c-1',
  title: 'Win a car',
  description: 'A car',
  prize: 'A car',
  prize_value: 20000,
  entry_price: 2.99,
  total_tickets: 100,
  sold_tickets: 40,
  paid_entries: 40,
  free_entries: 0,
  max_entries_per_person: 100,
  location: 'UK Wide',
  start_date: '2026-01-01T00:00:00Z',
  end_date: '2026-12-01T00:00:00Z',
  status: 'active',
  featured: true,
  image_url: null,
  drawn_at: null,
  minimum_tickets: null,
  cash_alternative: null,
  skill_question: { question: 'Q?', options: ['a', 'b', 'c', 'd'] },
}
const other: PublicCompetition = { ...competition, id: 'c-2', sold_tickets: 10, featured: false }
const page: PublicCompetitionDetail = {
  ...competition,
  draw: { seed_commitment: 'ab'.repeat(32), randomness_round: null, draw_date: competition.end_date },
}

const listKey = ['competitions']
const featuredKey = ['competitions', 'featured']
const change = (
  overrides: Partial<
    Pick<PublicCompetition, 'id' | 'sold_tickets' | 'free_entries' | 'status' | 'total_tickets'>
  >,
) => ({
  id: 'c-1',
  sold_tickets: 40,
  free_entries: 0,
  total_tickets: 100,
  status: 'active' as const,
  ...overrides,
})

describe('a live change written into the caches', () => {
  let client: QueryClient

  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(listKey, [competition, other])
    client.setQueryData(featuredKey, [toHomeCompetition(competition)])
    client.setQueryData(competitionQueryKey('c-1'), page)
  })
  const list = () => client.getQueryData<PublicCompetition[]>(listKey) ?? []
  const featured = () => client.getQueryData<HomeCompetition[]>(featuredKey) ?? []
  const detail = () => client.getQueryData<PublicCompetitionDetail>(competitionQueryKey('c-1'))

  it('changes that competition in the list, the featured list and its page, and nothing else, without a refetch', () => {
    const refetch = vi.spyOn(client, 'invalidateQueries')
    applyCompetitionChange(client, change({ sold_tickets: 73 }))

    expect(list().map((c) => [c.id, c.sold_tickets])).toEqual([
      ['c-1', 73],
      ['c-2', 10],
    ])
    expect(list()[1]).toBe(other)
    expect(featured()[0]).toMatchObject({ tickets: 27, soldPercentage: 73, availabilityStatus: 'HALF_FULL' })
    expect(detail()).toMatchObject({ sold_tickets: 73, draw: page.draw, title: 'Win a car' })
    expect(refetch).not.toHaveBeenCalled()
  })

  it('a postal entry changes the paid and free counts on the list and the page (issue 24)', () => {
    applyCompetitionChange(client, change({ sold_tickets: 41, free_entries: 1 }))
    expect(list()[0]).toMatchObject({ sold_tickets: 41, paid_entries: 40, free_entries: 1 })
    expect(detail()).toMatchObject({ sold_tickets: 41, paid_entries: 40, free_entries: 1 })
  })

  it('a sell-out shows as sold out, with no tickets left', () => {
    applyCompetitionChange(client, change({ sold_tickets: 100 }))
    expect(featured()[0]).toMatchObject({ tickets: 0, soldPercentage: 100, availabilityStatus: 'SOLD_OUT' })
    expect(list()[0]?.sold_tickets).toBe(100)
  })

  it('a closed competition stays on the list and its page as closed, and leaves the featured list', () => {
    applyCompetitionChange(client, change({ status: 'closed' }))
    expect(list()[0]?.status).toBe('closed')
    expect(detail()?.status).toBe('closed')
    expect(featured()).toEqual([])
  })

  it('a cancelled competition leaves the lists and its page is fetched again', () => {
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
    applyCompetitionChange(client, change({ status: 'cancelled' }))
    expect(list().map((c) => c.id)).toEqual(['c-2'])
    expect(featured()).toEqual([])
    expect(refetch).toHaveBeenCalledWith({ queryKey: competitionQueryKey('c-1'), exact: true })
  })

  it('a competition the list does not hold yet (just published) refetches the list', () => {
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
    applyCompetitionChange(client, change({ id: 'c-new', sold_tickets: 0 }))
    expect(refetch).toHaveBeenCalledWith({ queryKey: listKey, exact: true })
    expect(list()).toHaveLength(2)
  })

  it('the same figures again change no object, so nothing renders again', () => {
    const before = { list: list(), featured: featured(), detail: detail() }
    applyCompetitionChange(client, change({}))
    expect(list()).toBe(before.list)
    expect(featured()).toBe(before.featured)
    expect(detail()).toBe(before.detail)
  })
})
