import type { WinnersResponse } from '@prizes/contracts'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/** The home page's section shows the newest few; the past-winners page every one, a page at a time. */
export const recentWinnersCount = 6
export const pastWinnersPageSize = 12

export async function getWinners(
  page: { readonly limit: number; readonly before?: string },
  signal?: AbortSignal,
): Promise<WinnersResponse> {
  const query = { limit: String(page.limit), ...(page.before ? { before: page.before } : {}) }
  return apiClient.call('listWinners', { timeoutMs, signal, query })
}

export const winnersQueryOptions = () =>
  queryOptions({
    queryKey: ['winners', 'recent'],
    queryFn: async ({ signal }) => (await getWinners({ limit: recentWinnersCount }, signal)).winners,
  })

/** The newest winners, newest first as the API gives them. */
export function useWinners() {
  return useQuery(winnersQueryOptions())
}

export const pastWinnersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['winners', 'past'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      getWinners({ limit: pastWinnersPageSize, ...(pageParam ? { before: pageParam } : {}) }, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** Every completed draw, newest first, a page at a time. */
export function usePastWinners() {
  return useInfiniteQuery(pastWinnersQueryOptions())
}
