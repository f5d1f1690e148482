import { type ServerAnswers, serverAnswersElementId } from '@prizes/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { paymentConfigQueryOptions } from '../api/get-payment-config'
import { publicSettingsQueryKey } from '../api/get-public-settings'
import { competitionQueryKey } from '../features/competitions/api/get-competition'
import { competitionsQueryOptions } from '../features/competitions/api/get-competitions'
import {
  featuredCompetitionsQueryOptions,
  featuredOf,
} from '../features/competitions/api/get-featured-competitions'
import { contactDetailsQueryOptions } from '../lib/contact-details'

/**
 * The answers a server-rendered page was rendered from, put in the query cache, so the first
 * render shows exactly what the server's did and takes over its markup without a flash.
 */
export function seedServerAnswers(queryClient: QueryClient, answers: ServerAnswers): void {
  queryClient.setQueryData(publicSettingsQueryKey, answers.publicSettings.settings)
  // TEST MODE's banner is in the server's markup: the first render must show it too.
  queryClient.setQueryData(paymentConfigQueryOptions().queryKey, answers.paymentConfig.payments)
  // The free route's postal address is in the server's markup (the contact section, the
  // free-entry box): with scripts off too.
  queryClient.setQueryData(contactDetailsQueryOptions().queryKey, answers.contactDetails)
  switch (answers.page) {
    case 'home':
      queryClient.setQueryData(
        featuredCompetitionsQueryOptions().queryKey,
        featuredOf(answers.listFeaturedCompetitions),
      )
      queryClient.setQueryData(competitionsQueryOptions().queryKey, answers.listCompetitions.competitions)
      return
    case 'competition': {
      const { competition } = answers.getCompetition
      queryClient.setQueryData(competitionQueryKey(competition.id), competition)
      return
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const hasList = (answer: unknown) => isObject(answer) && Array.isArray(answer.competitions)

/** Whether the page's own answers are there, by the page they say they are for. */
function hasPageAnswers(answers: Record<string, unknown>): boolean {
  switch (answers.page) {
    case 'home':
      return hasList(answers.listFeaturedCompetitions) && hasList(answers.listCompetitions)
    case 'competition': {
      const competition = isObject(answers.getCompetition) ? answers.getCompetition.competition : undefined
      return isObject(competition) && typeof competition.id === 'string'
    }
    default:
      return false
  }
}

/**
 * The answers the page came with (the element `serverAnswersElementId` names), or undefined for
 * a page the server did not render. They are not checked against the endpoint schemas again:
 * the gateway checked them against the same contracts before rendering the markup that came
 * in the same response, and the page's first render should not wait for the schemas' chunk.
 * Only their shape is looked at, so a page cut short is rendered by the app alone.
 */
export function readServerAnswers(document: Document): ServerAnswers | undefined {
  const text = document.getElementById(serverAnswersElementId)?.textContent
  if (!text) return undefined
  try {
    const answers: unknown = JSON.parse(text)
    if (!isObject(answers) || !hasPageAnswers(answers)) return undefined
    const settings = isObject(answers.publicSettings) ? answers.publicSettings.settings : undefined
    const payments = isObject(answers.paymentConfig) ? answers.paymentConfig.payments : undefined
    if (!isObject(settings) || !isObject(payments) || !isObject(answers.contactDetails)) return undefined
    if (typeof answers.renderedAt !== 'string' || Number.isNaN(Date.parse(answers.renderedAt)))
      return undefined
    return answers as unknown as ServerAnswers
  } catch {
    return undefined
  }
}
