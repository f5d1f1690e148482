import { serverAnswersElementId } from '@prizes/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { competitionsQueryOptions } from '../features/competitions/api/get-competitions'
import {
  featuredCompetitionsQueryOptions,
  featuredOf,
} from '../features/competitions/api/get-featured-competitions'
import type { publicEndpoints } from '../lib/api-schemas'

/**
 * The API's answers the gateway rendered the home page with (`GET /api/competitions/featured`
 * and `GET /api/competitions`, as the query service sent them), by endpoint name. They travel in
 * the page as JSON in the element `serverAnswersElementId` names, so the browser's
 * first render shows exactly what the server's did and takes over its markup without a flash.
 */
export interface ServerAnswers {
  readonly listFeaturedCompetitions?: unknown
  readonly listCompetitions?: unknown
}

/**
 * The answers put in the query cache, each checked by its endpoint's schema as a fetched answer
 * is: one that does not pass is left out, and its query asks the API as it would without it.
 */
export function seedServerAnswers(
  queryClient: QueryClient,
  answers: ServerAnswers,
  endpoints: Pick<typeof publicEndpoints, 'listFeaturedCompetitions' | 'listCompetitions'>,
): void {
  const featured = endpoints.listFeaturedCompetitions.response.safeParse(answers.listFeaturedCompetitions)
  if (featured.success)
    queryClient.setQueryData(featuredCompetitionsQueryOptions().queryKey, featuredOf(featured.data))
  const list = endpoints.listCompetitions.response.safeParse(answers.listCompetitions)
  if (list.success) queryClient.setQueryData(competitionsQueryOptions().queryKey, list.data.competitions)
}

/** The answers the page came with, or undefined for a page the server did not render. */
export function readServerAnswers(document: Document): ServerAnswers | undefined {
  const text = document.getElementById(serverAnswersElementId)?.textContent
  if (!text) return undefined
  try {
    const answers: unknown = JSON.parse(text)
    return typeof answers === 'object' && answers !== null ? (answers as ServerAnswers) : undefined
  } catch {
    return undefined
  }
}
