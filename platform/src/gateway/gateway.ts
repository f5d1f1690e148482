import path from 'node:path'
import { errorCodes, Refusal, type Service } from '@prizes/contracts'
import type Koa from 'koa'
import send from 'koa-send'
import type { Logger } from 'pino'
import { createApp } from '../http/app'
import { clientAddressOf, noTrustedProxies, type TrustedProxies } from '../http/client-address'
import type { MetricsEndpointOptions } from '../metrics/endpoint'
import type { FindCompetitionPage, FindHomeAnswers, FindPageAnswers } from './competition-lookup'
import type { RequestHandler } from './proxy'
import type { FindPublicSettings } from './query-pages'
import { createRouteTable } from './routes'
import type { ListCompetitionPages } from './sitemap'
import { serveWeb } from './web-app'

export interface GatewayOptions {
  readonly logger: Logger
  /** Where each service is: a request handler in this process, or a proxy to its URL. */
  readonly services: Record<Service, RequestHandler>
  /** The built web app (index.html and hashed assets). */
  readonly webDistDir: string
  /** Uploaded and seeded images, served from our own origin. */
  readonly mediaDir: string
  /** PUBLIC_URL: when it is https, a TLS proxy in front serves the site, so answers carry HSTS. */
  readonly publicUrl: string
  /** Stripe takes the payments, so the pages' CSP lets Stripe.js in. */
  readonly stripe: boolean
  /** Who may read `/metrics` (METRICS_TOKEN); in `npm start` it holds every service's. None: no `/metrics`. */
  readonly metrics?: MetricsEndpointOptions
  /** TRUSTED_PROXIES: the proxies in front, whose `X-Forwarded-For` names the client. None unless given. */
  readonly trustedProxies?: TrustedProxies
  /** REQUEST_TIMEOUT_MS for what the gateway answers itself (pages); the services keep their own. */
  readonly requestTimeoutMs?: number
  /**
   * A public competition from the query service, for its page's head (link previews) and status
   * (404 when there is none). None: competition pages are sent plain, with status 200.
   */
  readonly findCompetitionPage?: FindCompetitionPage
  /**
   * The query service's answers the home page is rendered from on the server (its head also
   * preloads the first featured competition's picture). None: the home page is sent plain.
   */
  readonly findHomeAnswers?: FindHomeAnswers
  /**
   * The settings and payment configuration every page rendered on the server needs: with them a
   * competition's page is rendered on the server too. None: competition pages are sent without it.
   */
  readonly findPageAnswers?: FindPageAnswers
  /** The public competitions for `sitemap.xml`. None: it lists the static pages only. */
  readonly listCompetitionPages?: ListCompetitionPages
  /** The public settings: in maintenance, pages but the legal ones and the certificates answer 503. None: never. */
  readonly findPublicSettings?: FindPublicSettings
}

const oneYear = 365 * 24 * 60 * 60

/**
 * Whether the browser reached us over https. The gateway is the edge, so a client's own
 * X-Forwarded-Proto proves nothing: https is PUBLIC_URL's promise (a TLS proxy in front) or
 * a TLS socket of our own.
 */
function httpsOf(publicUrl: string) {
  const publicHttps = new URL(publicUrl).protocol === 'https:'
  return (ctx: Koa.Context) => publicHttps || (ctx.req.socket as { encrypted?: boolean }).encrypted === true
}

function routeApi(options: GatewayOptions, isHttps: (ctx: Koa.Context) => boolean) {
  const table = createRouteTable()
  return async function routeApiRequest(ctx: Koa.Context, next: Koa.Next) {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next()
    const match = table.match(ctx.method, ctx.path)
    if (match === undefined)
      throw new Refusal(errorCodes.notFound, `No API endpoint ${ctx.method} ${ctx.path}`)
    if (match === 'methodNotAllowed') {
      throw new Refusal(errorCodes.methodNotAllowed, `${ctx.method} is not allowed on ${ctx.path}`)
    }
    // The protocol too (the services read it to decide on HSTS): ours, never the client's claim.
    ctx.req.headers['x-forwarded-proto'] = isHttps(ctx) ? 'https' : 'http'
    // The service answers on the raw response; Koa must not touch it afterwards.
    ctx.respond = false
    options.services[match.service](ctx.req, ctx.res)
  }
}

function serveMedia(mediaDir: string) {
  return async function serveMediaFile(ctx: Koa.Context, next: Koa.Next) {
    if (!ctx.path.startsWith('/media/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    try {
      await send(ctx, ctx.path.slice('/media/'.length), {
        root: mediaDir,
        maxage: oneYear * 1000,
        immutable: true,
      })
    } catch {
      throw new Refusal(errorCodes.notFound, 'Image not found')
    }
  }
}

/**
 * The gateway is the edge: the services trust `X-Forwarded-For` (every per-address limit keys
 * on it), so it carries exactly one address, the client's as `clientAddressOf` finds it: the
 * connection's, or a trusted proxy's word for it; never a claim of the client's own.
 */
function passClientAddress(trusted: TrustedProxies) {
  return async function setClientAddress(ctx: Koa.Context, next: Koa.Next) {
    const { address } = clientAddressOf(
      ctx.req.socket.remoteAddress,
      ctx.req.headers['x-forwarded-for'],
      trusted,
    )
    ctx.req.headers['x-forwarded-for'] = address
    return next()
  }
}

/** The public entry point: `/api` by the endpoint table, `/media` images, the web app. */
export function createGateway(options: GatewayOptions): Koa {
  const distDir = path.resolve(options.webDistDir)
  const isHttps = httpsOf(options.publicUrl)
  const trustedProxies = options.trustedProxies ?? noTrustedProxies
  const app = createApp({
    name: 'gateway',
    logger: options.logger,
    security: { content: 'web', stripe: options.stripe, isHttps },
    metrics: options.metrics ? { trustedProxies, ...options.metrics } : undefined,
    requestTimeoutMs: options.requestTimeoutMs,
  })
  app.use(passClientAddress(trustedProxies))
  app.use(routeApi(options, isHttps))
  app.use(serveMedia(path.resolve(options.mediaDir)))
  app.use(
    serveWeb({
      distDir,
      publicUrl: options.publicUrl,
      logger: options.logger,
      findCompetitionPage: options.findCompetitionPage,
      findHomeAnswers: options.findHomeAnswers,
      findPageAnswers: options.findPageAnswers,
      listCompetitionPages: options.listCompetitionPages,
      findPublicSettings: options.findPublicSettings,
    }),
  )
  return app
}
