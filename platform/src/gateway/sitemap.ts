import { sitePages } from '@prizes/contracts'
import { serviceUnavailable } from '../http/errors'
import { type CompetitionPage, escapeHtml, pageUrl } from './page-head'

/** Public competitions for the sitemap, at most `limit`; throws when the query service cannot say. */
export type ListCompetitionPages = (limit: number, signal: AbortSignal) => Promise<readonly CompetitionPage[]>

export interface SitemapEntry {
  readonly url: string
  readonly lastmod?: string
}

/** The sitemap protocol's document (sitemaps.org), every value escaped. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ url, lastmod }) =>
    lastmod
      ? `  <url><loc>${escapeHtml(url)}</loc><lastmod>${escapeHtml(lastmod)}</lastmod></url>`
      : `  <url><loc>${escapeHtml(url)}</loc></url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export interface SitemapOptions {
  readonly publicUrl: string
  readonly listCompetitionPages?: ListCompetitionPages
  /** When the web app was built: the static pages' last change. */
  readonly builtAt: () => Promise<Date | undefined>
  /** Competitions listed at most (the protocol allows 50,000 a file). */
  readonly limit?: number
  readonly ttlMs?: number
  readonly timeoutMs?: number
  readonly onError?: (error: unknown) => void
  readonly now?: () => number
}

/**
 * `sitemap.xml`: the site's indexed static pages and every public competition's page, built at
 * most once per `ttlMs` however many crawlers ask. When the competitions cannot be listed the
 * answer is 503 (crawlers come back), not a sitemap that says they are gone.
 */
export function createSitemap(options: SitemapOptions) {
  const limit = options.limit ?? 10_000
  const ttlMs = options.ttlMs ?? 60_000
  const timeoutMs = options.timeoutMs ?? 5000
  const now = options.now ?? Date.now
  let cached: { xml: string; until: number } | undefined
  let building: Promise<string> | undefined

  async function build(): Promise<string> {
    const builtAt = (await options.builtAt())?.toISOString()
    const staticPages = Object.values(sitePages)
      .filter((page) => page.indexed && !page.path.includes(':'))
      .map((page) => ({ url: pageUrl(options.publicUrl, page.path), lastmod: builtAt }))
    const competitions = options.listCompetitionPages
      ? await options.listCompetitionPages(limit, AbortSignal.timeout(timeoutMs))
      : []
    const competitionPages = competitions.slice(0, limit).map((competition) => ({
      url: pageUrl(options.publicUrl, `/competitions/${encodeURIComponent(competition.id)}`),
      lastmod: competition.drawn_at ?? competition.start_date,
    }))
    return sitemapXml([...staticPages, ...competitionPages])
  }

  return async function sitemap(): Promise<string> {
    if (cached && cached.until > now()) return cached.xml
    building ??= build()
      .then((xml) => {
        cached = { xml, until: now() + ttlMs }
        return xml
      })
      .finally(() => {
        building = undefined
      })
    try {
      return await building
    } catch (error) {
      options.onError?.(error)
      throw serviceUnavailable('The sitemap cannot be built right now. Please try again in a moment.')
    }
  }
}
