import { type PublicCompetitionDetail, siteName } from '@prizes/contracts'

/** What a competition's page needs from the query service for its head, status and sitemap entry. */
export type CompetitionPage = Pick<
  PublicCompetitionDetail,
  'id' | 'title' | 'description' | 'image_url' | 'status' | 'start_date' | 'end_date' | 'drawn_at'
>

/**
 * The region of index.html each page fills with its own head: the site's defaults (title,
 * description, Open Graph) sit between these two comments in `web/index.html`.
 */
export const pageHeadStart = '<!-- page-head -->'
export const pageHeadEnd = '<!-- /page-head -->'

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for an element's content and a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c)
}

/** A description for search results and link previews: one line, at most `max` characters, cut at a word. */
export function summarise(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const atWord = cut.lastIndexOf(' ')
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`
}

/** An image's absolute address on the public origin; only our own paths or http(s) URLs. */
export function absoluteUrl(urlOrPath: string, publicUrl: string): string | undefined {
  if (!URL.canParse(urlOrPath, publicUrl)) return undefined
  const url = new URL(urlOrPath, publicUrl)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined
}

/** `<meta>` and `<link>` elements, every value escaped. */
const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`
const link = (rel: string, href: string) => `<link rel="${rel}" href="${escapeHtml(href)}" />`

/** A page's own address for `canonical` and `og:url`: the public origin and its path. */
export function pageUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString()
}

/** The head of one competition's page: its title, description and image, for search and link previews. */
export function competitionHead(competition: CompetitionPage, publicUrl: string): string {
  const url = pageUrl(publicUrl, `/competitions/${encodeURIComponent(competition.id)}`)
  const description = summarise(competition.description) || competition.title
  const image = competition.image_url ? absoluteUrl(competition.image_url, publicUrl) : undefined
  return [
    `<title>${escapeHtml(`${competition.title} – ${siteName}`)}</title>`,
    meta('name', 'description', description),
    link('canonical', url),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:title', competition.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image
      ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', competition.title)]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', competition.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('\n    ')
}

/** What a page adds to the site's default head. */
export type HeadAddition =
  /** A page search engines should list under this address. */
  | { readonly kind: 'canonical'; readonly url: string }
  /**
   * The picture the page's script will show first and largest: fetched while the script is
   * still on its way, rather than once it has rendered. `url` exactly as the page's `<img>`
   * has it, so the browser takes the preloaded answer for it.
   */
  | { readonly kind: 'preload-image'; readonly url: string }
  /** Not Found, or a page no one should land on from a search (an email link's). */
  | { readonly kind: 'noindex' }

export function headAddition(addition: HeadAddition): string {
  switch (addition.kind) {
    case 'canonical':
      return [link('canonical', addition.url), meta('property', 'og:url', addition.url)].join('\n    ')
    case 'preload-image':
      return `<link rel="preload" as="image" href="${escapeHtml(addition.url)}" fetchpriority="high" />`
    case 'noindex':
      return meta('name', 'robots', 'noindex')
  }
}

/** An image address the page may preload: our own path (`/media/…`) or an http(s) URL. */
export function preloadableImage(urlOrPath: string | null): string | undefined {
  if (!urlOrPath) return undefined
  if (urlOrPath.startsWith('/') && !urlOrPath.startsWith('//')) return urlOrPath
  return /^https?:\/\//i.test(urlOrPath) && URL.canParse(urlOrPath) ? urlOrPath : undefined
}

/**
 * index.html with a page's head: `replace` takes the place of the defaults, `add` goes after
 * them. An index.html without the markers (an old build) is sent as it is.
 */
export function withPageHead(html: string, head: { replace?: string; add?: string }): string {
  const start = html.indexOf(pageHeadStart)
  const end = html.indexOf(pageHeadEnd, start)
  if (start < 0 || end < 0) return html
  const defaults = html.slice(start + pageHeadStart.length, end)
  const region = head.replace === undefined ? defaults : `\n    ${head.replace}\n    `
  const added = head.add === undefined ? '' : `  ${head.add}\n    `
  return `${html.slice(0, start + pageHeadStart.length)}${region}${added}${html.slice(end)}`
}
