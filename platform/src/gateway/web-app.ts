import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  authCookieName,
  entityId,
  errorCodes,
  matchSitePage,
  pagesOpenInMaintenance,
  Refusal,
  type ServerAnswers,
  sitePages,
} from '@prizes/contracts'
import type Koa from 'koa'
import send from 'koa-send'
import type { Logger } from 'pino'
import { maintenanceRetryAfterSeconds } from '../settings/maintenance'
import {
  cachedLookup,
  type FindCompetitionPage,
  type FindHomeAnswers,
  type FindPageAnswers,
} from './competition-lookup'
import { competitionPageAnswers } from './competition-page-answers'
import { competitionHead, headAddition, pageUrl, preloadableImage, withPageHead } from './page-head'
import type { FindPublicSettings } from './query-pages'
import { serverRender, withRenderedRoot } from './server-render'
import { createSitemap, type ListCompetitionPages } from './sitemap'

export interface WebAppOptions {
  readonly distDir: string
  readonly publicUrl: string
  readonly logger: Logger
  readonly findCompetitionPage?: FindCompetitionPage
  readonly findHomeAnswers?: FindHomeAnswers
  /** What every page rendered on the server needs (settings, payments): a competition's page is, from them and the competition. */
  readonly findPageAnswers?: FindPageAnswers
  /**
   * The web build's server module, which renders the home page and competition pages from their answers. Default:
   * `entry-server.js` in `dist-server` beside `distDir`, where `npm run build -w web` writes it.
   */
  readonly serverRenderFile?: string
  readonly listCompetitionPages?: ListCompetitionPages
  /**
   * The public settings, for maintenance mode: a page other than `pagesOpenInMaintenance` then
   * answers 503 with Retry-After (the app in it shows the maintenance page). None: never.
   */
  readonly findPublicSettings?: FindPublicSettings
  /** Milliseconds now, for how long lookups are reused; tests move it. */
  readonly now?: () => number
}

/** The one key of the home answers' cache, and of the page answers': there is one of each. */
const homePage = 'home'
const pageAnswersKey = 'page'

const oneYearMs = 365 * 24 * 60 * 60 * 1000
const oneHourMs = 60 * 60 * 1000

/** A file of the build, read again only when it changes (a new build under a running gateway). */
function builtFile(file: string) {
  let cached: { mtimeMs: number; size: number; text: string } | undefined
  return async function read(): Promise<{ text: string; modified: Date } | undefined> {
    const stats = await stat(file).catch(() => undefined)
    if (!stats) return undefined
    if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
      cached = { mtimeMs: stats.mtimeMs, size: stats.size, text: await readFile(file, 'utf8') }
    }
    return { text: cached.text, modified: stats.mtime }
  }
}

/** robots.txt of the build, pointing crawlers at the sitemap on the public origin. */
function robotsTxt(source: string | undefined, publicUrl: string): string {
  const rules = (source ?? 'User-agent: *\nAllow: /\n')
    .split('\n')
    .filter((line) => !/^\s*sitemap\s*:/i.test(line))
    .join('\n')
    .trimEnd()
  return `${rules}\n\nSitemap: ${pageUrl(publicUrl, '/sitemap.xml')}\n`
}

/**
 * The web app: hashed assets and the build's other files (each sent precompressed when the
 * client takes it), `robots.txt`, `sitemap.xml`, and index.html for every page of the app, with
 * that page's head and status: 404 for a path that is no page, or a competition the query
 * service says does not exist.
 */
export function serveWeb(options: WebAppOptions) {
  const { distDir, publicUrl, logger } = options
  const index = builtFile(path.join(distDir, 'index.html'))
  const robots = builtFile(path.join(distDir, 'robots.txt'))
  const competitions = options.findCompetitionPage
    ? cachedLookup(options.findCompetitionPage, {
        now: options.now,
        onError: (error, id) =>
          logger.warn(
            { err: error, competitionId: id },
            "competition page sent without the competition's head",
          ),
      })
    : undefined
  // Looked up like a competition page (one lookup at a time, timeout), and reused for 2 s: the
  // figures a visitor sees first are at most that old (the live stream brings the rest). A slow
  // or failed lookup sends the home page as the browser's app builds it alone.
  const findHome = options.findHomeAnswers
  const home = findHome
    ? cachedLookup((_key, signal) => findHome(signal), {
        maxEntries: 1,
        ttlMs: 2000,
        now: options.now,
        onError: (error) => logger.warn({ err: error }, 'home page sent without its server render'),
      })
    : undefined
  // Read once for every page of 2 s, like the home page's answers; unknown (a failed or slow
  // read) sends the page as usual, and the app asks for the settings itself.
  const findSettings = options.findPublicSettings
  const settings = findSettings
    ? cachedLookup((_key, signal) => findSettings(signal), {
        maxEntries: 1,
        ttlMs: 2000,
        now: options.now,
        onError: (error) => logger.warn({ err: error }, 'page sent without knowing of maintenance'),
      })
    : undefined
  async function closedForMaintenance(pathname: string): Promise<boolean> {
    const match = matchSitePage(pathname)
    if (!settings || !match || pagesOpenInMaintenance.has(match.name)) return false
    const found = await settings.lookup(homePage)
    return found.kind === 'found' && found.value.settings.maintenanceMode
  }
  // Reused for 2 s as the home page's are; a competition page without them is sent as the
  // browser's app builds it alone.
  const findPage = options.findPageAnswers
  const pageAnswers = findPage
    ? cachedLookup((_key, signal) => findPage(signal), {
        maxEntries: 1,
        ttlMs: 2000,
        now: options.now,
        onError: (error) => logger.warn({ err: error }, 'competition page sent without its server render'),
      })
    : undefined
  const competitionAnswers = competitionPageAnswers()
  const renderPage = serverRender(
    options.serverRenderFile ?? path.join(path.dirname(distDir), 'dist-server', 'entry-server.js'),
    (error) => logger.error({ err: error }, 'page not rendered on the server'),
  )
  /** In maintenance the app shows the maintenance page, not this one; a signed-in visitor's page is not the signed-out one the server renders. */
  const rendered = async (answers: ServerAnswers, signedIn: boolean) => {
    if (answers.publicSettings.settings.maintenanceMode || signedIn) return undefined
    const markup = await renderPage(answers)
    return markup === undefined ? undefined : { markup, answers }
  }
  const sitemap = createSitemap({
    publicUrl,
    listCompetitionPages: options.listCompetitionPages,
    builtAt: async () => (await index())?.modified,
    onError: (error) => logger.warn({ err: error }, 'sitemap not built'),
  })

  /** The head and status a page path gets, and the server render of the home page or a competition's. */
  async function pageOf(
    pathname: string,
    signedIn: boolean,
  ): Promise<{
    status: number
    head: Parameters<typeof withPageHead>[1]
    rendered?: { markup: string; answers: ServerAnswers }
  }> {
    const match = matchSitePage(pathname)
    const notFound = { status: 404, head: { add: headAddition({ kind: 'noindex' }) } }
    if (!match) return notFound
    const page = sitePages[match.name]
    if (match.name === 'competition') {
      const id = match.params.id ?? ''
      if (!entityId.safeParse(id).success) return notFound
      const found = (await competitions?.lookup(id)) ?? { kind: 'unknown' }
      if (found.kind === 'missing') return notFound
      if (found.kind !== 'found') return { status: 200, head: {} }
      // Its picture is the page's largest paint: fetched while the page's markup is still arriving.
      const image = preloadableImage(found.value.image_url)
      const head = {
        replace: competitionHead(found.value, publicUrl),
        add: image ? headAddition({ kind: 'preload-image', url: image }) : undefined,
      }
      const site = signedIn ? undefined : await pageAnswers?.lookup(pageAnswersKey)
      if (site?.kind !== 'found') return { status: 200, head }
      const answers = competitionAnswers(found.value, site.value)
      return { status: 200, head, rendered: await rendered(answers, signedIn) }
    }
    if (!page.indexed) return { status: 200, head: { add: headAddition({ kind: 'noindex' }) } }
    const canonical = headAddition({ kind: 'canonical', url: pageUrl(publicUrl, page.path) })
    if (match.name === 'home') {
      const found = await home?.lookup(homePage)
      if (found?.kind === 'found') {
        const answers = found.value
        const first = answers.listFeaturedCompetitions.competitions[0]
        const image = preloadableImage(first?.image_url ?? null)
        const preload = image ? `\n    ${headAddition({ kind: 'preload-image', url: image })}` : ''
        return {
          status: 200,
          head: { add: `${canonical}${preload}` },
          rendered: await rendered(answers, signedIn),
        }
      }
    }
    return { status: 200, head: { add: canonical } }
  }

  return async function serveWebApp(ctx: Koa.Context, next: Koa.Next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    const files = { root: distDir, brotli: true, gzip: true }
    if (ctx.path.startsWith('/assets/')) {
      // Vite names assets by content hash, so they never change under one URL.
      const sent = await send(ctx, ctx.path, { ...files, maxage: oneYearMs, immutable: true }).catch(() => '')
      if (sent) return
      throw new Refusal(errorCodes.notFound, 'Not found')
    }
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8'
      ctx.set('Cache-Control', 'max-age=3600')
      ctx.body = robotsTxt((await robots())?.text, publicUrl)
      return
    }
    if (ctx.path === '/sitemap.xml') {
      ctx.type = 'application/xml; charset=utf-8'
      ctx.body = await sitemap()
      ctx.set('Cache-Control', 'max-age=600')
      return
    }
    const file = path.join(distDir, ctx.path)
    if (
      path.extname(ctx.path) !== '' &&
      file.startsWith(`${distDir}${path.sep}`) &&
      path.basename(file) !== 'index.html'
    ) {
      const sent = await send(ctx, ctx.path, { ...files, maxage: oneHourMs }).catch(() => '')
      if (sent) return
    }
    const html = await index()
    if (!html) {
      throw new Refusal(errorCodes.webNotBuilt, 'The web app is not built. Run `npm run build:web`.')
    }
    ctx.set('Cache-Control', 'no-cache')
    ctx.type = 'text/html; charset=utf-8'
    if (await closedForMaintenance(ctx.path)) {
      // The app, which shows the maintenance page (and a signed-in admin the site), as a 503.
      ctx.status = 503
      ctx.set('Retry-After', String(maintenanceRetryAfterSeconds))
      ctx.body = withPageHead(html.text, { add: headAddition({ kind: 'noindex' }) })
      return
    }
    // Every other path is a page of the app, or its Not Found page with that status.
    const page = await pageOf(ctx.path, Boolean(ctx.cookies.get(authCookieName)))
    ctx.status = page.status
    const withHead = withPageHead(html.text, page.head)
    ctx.body = page.rendered
      ? withRenderedRoot(withHead, page.rendered.markup, page.rendered.answers)
      : withHead
  }
}
