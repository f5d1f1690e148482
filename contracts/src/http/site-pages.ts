import type { z } from 'zod'
import type { PublicSettingsResponse } from '../admin/settings'
import type { CompetitionDetailResponse, CompetitionList } from '../competition'
import type { ContactDetailsResponse } from '../contact'
import type { paymentConfigResponse } from '../entries'

/** The product name in one place until branding is settled: page titles, link previews. */
export const siteName = 'Prize Platform'

export interface SitePage {
  /** A wouter path: literal segments and `:name` for one segment. */
  readonly path: string
  /** Listed in `sitemap.xml` and given a canonical link; the rest are email-link or alias pages. */
  readonly indexed: boolean
}

/**
 * Every page of the web app (SPEC section 2): the web's routes take their paths from here, and
 * the gateway answers any other path with 404 (the app's Not Found page, with that status).
 */
export const sitePages = {
  home: { path: '/', indexed: true },
  about: { path: '/about', indexed: true },
  // Aliases of the home page's sections, which they scroll to.
  competitions: { path: '/competitions', indexed: false },
  competition: { path: '/competitions/:id', indexed: true },
  winners: { path: '/winners', indexed: false },
  pastWinners: { path: '/past-winners', indexed: true },
  faqs: { path: '/faqs', indexed: false },
  contact: { path: '/contact', indexed: false },
  // One-time pages of email links.
  verifyEmail: { path: '/verify-email', indexed: false },
  resetPassword: { path: '/reset-password', indexed: false },
  finishSetup: { path: '/finish-setup', indexed: false },
  newsletterConfirm: { path: '/newsletter/confirm', indexed: false },
  newsletterUnsubscribe: { path: '/newsletter/unsubscribe', indexed: false },
  drawCertificate: { path: '/draws/:competitionId', indexed: false },
  privacyPolicy: { path: '/privacy-policy', indexed: true },
  terms: { path: '/terms-and-conditions', indexed: true },
  responsibleGaming: { path: '/responsible-gaming', indexed: true },
  complaints: { path: '/complaints', indexed: true },
  commitments: { path: '/our-commitments', indexed: true },
} as const satisfies Record<string, SitePage>

export type SitePageName = keyof typeof sitePages

/**
 * The pages that stay public in maintenance mode: the legal pages (what a visitor agreed to,
 * where to get help, how to complain, what we commit to) and the draw certificates, which anyone must be able to check at any time.
 * Every other page answers 503 with Retry-After, and the app shows its maintenance page there.
 */
export const pagesOpenInMaintenance: ReadonlySet<SitePageName> = new Set<SitePageName>([
  'privacyPolicy',
  'terms',
  'responsibleGaming',
  'complaints',
  'commitments',
  'drawCertificate',
])

export interface SitePageMatch {
  readonly name: SitePageName
  readonly params: Readonly<Record<string, string>>
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '')

const patterns = Object.entries(sitePages).map(([name, page]) => ({
  name: name as SitePageName,
  segments: segmentsOf(page.path),
}))

/**
 * The page a path shows, as the web's router (wouter) matches it: letter case ignored, a
 * trailing slash allowed, `:name` one non-empty segment. Undefined: the app's Not Found page.
 */
export function matchSitePage(pathname: string): SitePageMatch | undefined {
  const segments = segmentsOf(pathname)
  if (/\/\/|^[^/]/.test(pathname)) return undefined
  for (const pattern of patterns) {
    if (pattern.segments.length !== segments.length) continue
    const params: Record<string, string> = {}
    const matches = pattern.segments.every((part, i) => {
      const segment = segments[i] ?? ''
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment
        return true
      }
      return part.toLowerCase() === segment.toLowerCase()
    })
    if (matches) return { name: pattern.name, params }
  }
  return undefined
}

/**
 * SPEC sections 3 and 9: the cookie that keeps a signed-in visitor's session token. The gateway
 * renders a page on the server only for a visitor without it: the browser's first render must
 * make exactly what the server made, and the server renders the signed-out page.
 */
export const authCookieName = 'auth_token'

/**
 * What every page the gateway renders on the server is rendered from, by endpoint name, as the
 * services answer them (checked against these contracts on the server): `GET /api/settings`,
 * `GET /api/config` (which provider takes payments: in TEST MODE every page says so),
 * `GET /api/contact-details` (the free route's postal address, shown with scripts off too), and the
 * moment of the render, from which the browser's first render counts too, so a countdown
 * takes over the server's digits as they are.
 */
interface PageAnswers {
  readonly publicSettings: PublicSettingsResponse
  readonly paymentConfig: z.infer<typeof paymentConfigResponse>
  /** `GET /api/contact-details`: the postal address of the free route, support hours, licence. */
  readonly contactDetails: ContactDetailsResponse
  /** ISO 8601. */
  readonly renderedAt: string
}

/** The home page's: the lists of `GET /api/competitions/featured` and `GET /api/competitions`. */
export interface HomePageAnswers extends PageAnswers {
  readonly page: 'home'
  readonly listFeaturedCompetitions: CompetitionList
  readonly listCompetitions: CompetitionList
}

/** A competition's page (`/competitions/:id`): `GET /api/competitions/:id`. */
export interface CompetitionPageAnswers extends PageAnswers {
  readonly page: 'competition'
  readonly getCompetition: CompetitionDetailResponse
}

/** The answers of a page rendered on the server, by the page (a `SitePageName`). */
export type ServerAnswers = HomePageAnswers | CompetitionPageAnswers

/**
 * The element of a page the gateway rendered on the server that carries the `ServerAnswers` it
 * was rendered from, as JSON (`<script type="application/json">`), so the browser's first
 * render starts from the same answers.
 */
export const serverAnswersElementId = 'server-answers'
