import type { SkillQuestionResponse } from '@prizes/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 20_000

export type GivenSkillQuestion = SkillQuestionResponse['question']

/** The question of the competition's pool the server gives this entrant (issue 24). */
export async function getSkillQuestion(
  competitionId: string,
  email: string | undefined,
  signal?: AbortSignal,
): Promise<GivenSkillQuestion> {
  const body = email === undefined ? { competitionId } : { competitionId, email }
  const { question } = await apiClient.call('skillQuestionFor', { timeoutMs, signal, body })
  return question
}

/**
 * Keyed by who asks: the signed-in account (`me`: the server reads its email), or the email
 * typed, so a changed email asks again and the same one is never asked twice.
 */
export const skillQuestionQueryOptions = (
  competitionId: string,
  asker: { me: string } | { email?: string },
) =>
  queryOptions({
    queryKey: ['skill-question', competitionId, asker],
    queryFn: ({ signal }) => getSkillQuestion(competitionId, 'me' in asker ? undefined : asker.email, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })

export function useSkillQuestion(competitionId: string, asker: { me: string } | { email?: string }) {
  return useQuery(skillQuestionQueryOptions(competitionId, asker))
}
