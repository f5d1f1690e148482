import { type APIRequestContext, expect } from '@playwright/test'
import { competitionList, type PublicCompetition } from '@prizes/contracts'

/** What the running platform serves, read through the same contract the web uses; never hard-coded. */
export async function listCompetitions(
  request: APIRequestContext,
  path: '/api/competitions' | '/api/competitions/featured' = '/api/competitions',
): Promise<PublicCompetition[]> {
  const response = await request.get(path)
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  return competitionList.parse(await response.json()).competitions
}

export const isActive = (c: PublicCompetition) => c.status === 'active'
