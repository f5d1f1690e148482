import { type ServerAnswers, serverAnswersElementId } from '@prizes/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { competitionsQueryOptions } from '../features/competitions/api/get-competitions'
import {
  featuredCompetitionsQueryOptions,
  featuredOf,
} from '../features/competitions/api/get-featured-competitions'
import { paymentConfigQueryOptions } from '../features/entries/api/get-payment-config'
import { publicSettingsQueryKey } from '../features/settings/api/get-public-settings'

/**
 * The answers a server-rendered page was rendered from, put in the query cache, so the first
 * render shows exactly what the server's did and takes over its markup without a flash.
 */
export function seedServerAnswers(queryClient: QueryClient, answers: ServerAnswers): void {
  queryClient.setQueryData(
    featuredCompetitionsQueryOptions().queryKey,
    featuredOf(answers.listFeaturedCompetitions),
  )
  queryClient.setQueryData(competitionsQueryOptions().queryKey, answers.listCompetitions.competitions)
  queryClient.setQueryData(publicSettingsQueryKey, answers.publicSettings.settings)
  // TEST MODE's banner is in the server's markup: the first render must show it too.
  queryClient.setQueryData(paymentConfigQueryOptions().queryKey, answers.paymentConfig.payments)
}

const hasList = (answer: unknown) =>
  Array.isArray((answer as { competitions?: unknown } | null)?.competitions)

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
    const answers = JSON.parse(text) as Partial<Record<keyof ServerAnswers, unknown>> | null
    const settings = (answers?.publicSettings as { settings?: unknown } | undefined)?.settings
    const payments = (answers?.paymentConfig as { payments?: unknown } | undefined)?.payments
    if (!hasList(answers?.listFeaturedCompetitions) || !hasList(answers?.listCompetitions)) return undefined
    if (typeof settings !== 'object' || settings === null) return undefined
    if (typeof payments !== 'object' || payments === null) return undefined
    return answers as ServerAnswers
  } catch {
    return undefined
  }
}
