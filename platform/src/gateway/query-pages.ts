import { endpoints, type PublicSettingsResponse, type ServerAnswers } from '@prizes/contracts'
import { type Config, testMode } from '../config/config'
import type { FindCompetitionPage, FindHomeAnswers, FindPageAnswers } from './competition-lookup'
import type { ListCompetitionPages } from './sitemap'

/** The home page's competition lists, of its answers (`ServerAnswers`); the settings come from the command service. */
export type FindHomeLists = (
  signal: AbortSignal,
) => Promise<Pick<Awaited<ReturnType<FindHomeAnswers>>, 'listFeaturedCompetitions' | 'listCompetitions'>>

/**
 * A JSON GET to a service's instances in turn, bounded by the caller's signal: the body, or
 * undefined for 404; any other failure throws, naming the service.
 */
function serviceGet(baseUrls: readonly string[], service: string) {
  if (baseUrls.length === 0) throw new Error(`The ${service} needs at least one URL`)
  let turn = 0
  return async function get(path: string, signal: AbortSignal): Promise<unknown> {
    const base = baseUrls[turn % baseUrls.length] as string
    turn += 1
    const res = await fetch(new URL(path, base), { signal, headers: { accept: 'application/json' } })
    if (res.status === 404) {
      await res.body?.cancel()
      return undefined
    }
    if (!res.ok) {
      await res.body?.cancel()
      throw new Error(`GET ${path}: ${res.status} from the ${service}`)
    }
    return res.json() as Promise<unknown>
  }
}

/**
 * A competition's page, the home page's lists and the sitemap's list from the query service
 * over HTTP, for a gateway in a process of its own: `GET /api/competitions/:id`,
 * `GET /api/competitions/featured` and `GET /api/competitions`, spread over the instances. The
 * caller's signal bounds each request.
 */
export function queryServicePages(baseUrls: readonly string[]): {
  findCompetitionPage: FindCompetitionPage
  findHomeLists: FindHomeLists
  listCompetitionPages: ListCompetitionPages
} {
  const get = serviceGet(baseUrls, 'query service')
  return {
    async findCompetitionPage(id, signal) {
      const body = await get(`/api/competitions/${encodeURIComponent(id)}`, signal)
      return body === undefined ? null : endpoints.getCompetition.response.parse(body).competition
    },
    async findHomeLists(signal) {
      // Both answer a competition list, by the same schema.
      const list = async (path: string) => {
        const body = await get(path, signal)
        if (body === undefined) throw new Error(`GET ${path}: 404 from the query service`)
        return endpoints.listCompetitions.response.parse(body)
      }
      const [listFeaturedCompetitions, listCompetitions] = await Promise.all([
        list(endpoints.listFeaturedCompetitions.path),
        list(endpoints.listCompetitions.path),
      ])
      return { listFeaturedCompetitions, listCompetitions }
    },
    async listCompetitionPages(limit, signal) {
      const body = await get(endpoints.listCompetitions.path, signal)
      if (body === undefined)
        throw new Error(`GET ${endpoints.listCompetitions.path}: 404 from the query service`)
      return endpoints.listCompetitions.response.parse(body).competitions.slice(0, limit)
    },
  }
}

/** `GET /api/settings` as the command service answers it; throws as the lookups above do. */
export type FindPublicSettings = (signal: AbortSignal) => Promise<PublicSettingsResponse>

/**
 * `GET /api/config` as the command service answers it, from the same configuration: which
 * provider takes payments, and TEST MODE (fixed while the platform runs).
 */
export function paymentConfigOf(
  config: Pick<Config, 'PAYMENTS' | 'STRIPE_PUBLISHABLE_KEY'>,
): ServerAnswers['paymentConfig'] {
  const stripe = config.PAYMENTS === 'stripe'
  return {
    success: true,
    payments: {
      provider: stripe ? 'stripe' : 'offline',
      publishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      testMode: testMode(config),
    },
  }
}

/** What every page's answers hold that the configuration fixes while the platform runs. */
export type FixedPageAnswers = Pick<ServerAnswers, 'paymentConfig' | 'contactDetails'>

/**
 * What every page rendered on the server is rendered from besides its own answers: the settings,
 * and the payment configuration and contact details (so a TEST MODE page says so from its first
 * paint, and the free route's postal address is there with scripts off).
 */
export function pageAnswers(settings: FindPublicSettings, fixed: FixedPageAnswers): FindPageAnswers {
  return async (signal) => ({ publicSettings: await settings(signal), ...fixed })
}

/** The home page's answers (`ServerAnswers`): its lists and the settings, asked at once, and the fixed answers. */
export function homeAnswers(
  lists: FindHomeLists,
  settings: FindPublicSettings,
  fixed: FixedPageAnswers,
): FindHomeAnswers {
  const page = pageAnswers(settings, fixed)
  return async (signal) => {
    const [found, shared] = await Promise.all([lists(signal), page(signal)])
    return { page: 'home', ...found, ...shared, renderedAt: new Date().toISOString() }
  }
}

/** The settings from the command service over HTTP, spread over its instances, for a gateway of its own. */
export function commandServiceSettings(baseUrls: readonly string[]): FindPublicSettings {
  const get = serviceGet(baseUrls, 'command service')
  return async (signal) => {
    const path = endpoints.publicSettings.path
    const body = await get(path, signal)
    if (body === undefined) throw new Error(`GET ${path}: 404 from the command service`)
    return endpoints.publicSettings.response.parse(body)
  }
}
