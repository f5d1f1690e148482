import type { PublicCompetition } from '@prizes/contracts'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toHomeCompetition } from '../model/home-competition'
import { refreshAfterEntry } from './refresh-after-entry'

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
const other = { ...competition, id: 'c-2', sold_tickets: 10 }

describe('refresh after an entry', () => {
  let client: QueryClient

  beforeEach(() => {
    vi.useFakeTimers()
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    client.setQueryData(['competitions'], [competition, other])
    client.setQueryData(['competitions', 'featured'], [toHomeCompetition(competition)])
  })
  afterEach(() => vi.useRealTimers())

  it('raises the sold count at once, only for that competition', () => {
    refreshAfterEntry(client, { competitionId: 'c-1', tickets: 3 })
    const list = client.getQueryData<PublicCompetition[]>(['competitions'])
    expect(list?.map((c) => c.sold_tickets)).toEqual([43, 10])
    const [featured] =
      client.getQueryData<ReturnType<typeof toHomeCompetition>[]>(['competitions', 'featured']) ?? []
    expect(featured).toMatchObject({ tickets: 57, soldPercentage: 43 })
  })

  it('refreshes competitions and its page after 1 s and featured after 2 s, and does not reload when all succeed', async () => {
    const reload = vi.fn()
    const refetch = vi.spyOn(client, 'invalidateQueries')
    refreshAfterEntry(client, { competitionId: 'c-1', tickets: 3 }, reload)
    await vi.advanceTimersByTimeAsync(999)
    expect(refetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refetch.mock.calls.map(([filters]) => filters)).toEqual([
      { queryKey: ['competitions'], exact: true },
      { queryKey: ['competitions', 'detail', 'c-1'], exact: true },
    ])
    await vi.advanceTimersByTimeAsync(1000)
    expect(refetch).toHaveBeenCalledTimes(3)
    expect(refetch.mock.calls[2]?.[0]).toEqual({ queryKey: ['competitions', 'featured'], exact: true })
    await vi.advanceTimersByTimeAsync(5000)
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads the page 3 s after a refresh fails', async () => {
    const reload = vi.fn()
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async () => {
      throw new Error('offline')
    })
    refreshAfterEntry(client, { competitionId: 'c-1', tickets: 1 }, reload)
    await vi.advanceTimersByTimeAsync(1000 + 2999)
    expect(reload).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(reload).toHaveBeenCalled()
  })
})
