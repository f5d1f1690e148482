import type { ResponseOf } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { featuredActive, type HomeCompetition } from '../model/home-competition'

/** SPEC section 9: the featured call gives up after 15 s. */
const timeoutMs = 15_000

/** The carousel keeps only active, featured competitions whatever the server sends. */
export const featuredOf = (body: ResponseOf<'listFeaturedCompetitions'>): HomeCompetition[] =>
  featuredActive(body.competitions)

export async function getFeaturedCompetitions(signal?: AbortSignal): Promise<HomeCompetition[]> {
  return featuredOf(await apiClient.call('listFeaturedCompetitions', { timeoutMs, signal }))
}

export const featuredCompetitionsQueryOptions = () =>
  queryOptions({
    queryKey: ['competitions', 'featured'],
    queryFn: ({ signal }) => getFeaturedCompetitions(signal),
  })

export function useFeaturedCompetitions() {
  return useQuery(featuredCompetitionsQueryOptions())
}
