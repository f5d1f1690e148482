import type { AdminCompetition } from '@prizes/contracts'
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'
import { createConfirmedWrites } from '../model/confirmed-writes'

const timeoutMs = 20_000

/** Every admin query's key starts with this, so Refresh Data can refetch them all. */
export const adminQueryKey = ['admin'] as const

/** The server's answers to this session's admin commands, shown until the read model agrees. */
const confirmedWrites = createConfirmedWrites()

/** Every competition that is not deleted, whatever its status, with its correct answer and winner. */
export async function getAdminCompetitions(signal?: AbortSignal): Promise<AdminCompetition[]> {
  const { competitions } = await apiClient.call('adminListCompetitions', { timeoutMs, signal })
  return confirmedWrites.merge(competitions)
}

/** Keyed under `adminQueryKey`; per-competition queries (entries, history) are keyed below it. */
export const adminCompetitionsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminQueryKey, 'competitions'],
    queryFn: ({ signal }) => getAdminCompetitions(signal),
    // Asks again soon while an accepted change has not reached the read model.
    refetchInterval: () => (confirmedWrites.pending() ? 500 : false),
  })

export function useAdminCompetitions() {
  return useQuery(adminCompetitionsQueryOptions())
}

/**
 * After a command the server accepted: keeps its answer (the competition as the command left it,
 * null once deleted) and refetches the list and the queries under it.
 */
export function afterAcceptedChange(
  queryClient: QueryClient,
  id: string | undefined,
  competition: AdminCompetition | null | undefined,
): Promise<void> {
  if (id !== undefined && competition !== undefined) confirmedWrites.record(id, competition)
  return queryClient.invalidateQueries({ queryKey: adminCompetitionsQueryOptions().queryKey })
}
