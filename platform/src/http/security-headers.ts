import type Koa from 'koa'
import { holdUntilReadyHash } from '../gateway/hold-until-ready'

export interface SecurityHeadersOptions {
  /**
   * What the answers are: `web` for the gateway, whose pages are the web app; `api` for a
   * service, whose JSON loads nothing at all. The default is `api`.
   */
  readonly content?: 'api' | 'web'
  /** Stripe takes the payments: Stripe.js may load, frame, connect and ask for payment. */
  readonly stripe?: boolean
  /**
   * Whether this request reached the platform over https. Default: Koa's `ctx.secure`, which
   * for a service believes the `X-Forwarded-Proto` its gateway sets.
   */
  readonly isHttps?: (ctx: Koa.Context) => boolean
}

/**
 * Stripe's origins for Stripe.js and the Payment Element, as Stripe's security guide lists
 * them: the script and its frames, the API it calls, and the frames of 3-D Secure and its
 * fraud signals.
 */
const stripe = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://m.stripe.network',
  ],
  connect: ['https://api.stripe.com'],
  image: ['https://*.stripe.com'],
}

const policy = (directives: Record<string, readonly string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')

/**
 * The web app's policy: everything from our own origin, and Stripe's only while Stripe is
 * configured. Built assets are files (no inline script in index.html or the build), so scripts
 * need no 'unsafe-inline': the one inline script, which holds server-rendered markup until the
 * app is ready, is allowed by its hash; styles do, as Emotion writes `<style>` elements at run time and
 * React sets `style` attributes. Images may be `blob:` (an upload's preview) or `data:`.
 */
export function webContentSecurityPolicy(withStripe: boolean): string {
  const add = (sources: readonly string[]) => (withStripe ? sources : [])
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", holdUntilReadyHash, ...add(stripe.script)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...add(stripe.image)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...add(stripe.connect)],
    'frame-src': withStripe ? stripe.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  })
}

/** A JSON answer loads nothing and is framed by nobody. */
export const apiContentSecurityPolicy = policy({
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
})

/**
 * The API reference page (`/api/docs`): its renderer's script and style sheet come from our own
 * origin, and it fetches the OpenAPI document (and, for "Try it out", the API) from there too.
 * Styles may be inline, as the renderer sets `style` attributes; images are its `data:` icons.
 */
export const docsContentSecurityPolicy = policy({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
})

/**
 * Powerful features nobody here uses are off for the page and every frame in it; `payment`
 * (the Payment Request API behind wallets in the Payment Element) only for Stripe's frames,
 * and only while Stripe is configured.
 */
export function permissionsPolicy(withStripe: boolean): string {
  const denied = ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'bluetooth', 'hid', 'midi']
  const sensors = [
    'accelerometer',
    'gyroscope',
    'magnetometer',
    'display-capture',
    'publickey-credentials-get',
  ]
  const payment = withStripe ? `(self ${stripe.script.map((origin) => `"${origin}"`).join(' ')})` : '()'
  return [...denied, ...sensors]
    .map((feature) => `${feature}=()`)
    .concat(`payment=${payment}`)
    .join(', ')
}

const oneYear = 365 * 24 * 60 * 60

/**
 * Headers on every answer, errors included. HSTS only over https: a browser ignores it over
 * http anyway, and promising https for a site served over http would lock its users out.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}) {
  const web = options.content === 'web'
  const csp = web ? webContentSecurityPolicy(options.stripe === true) : apiContentSecurityPolicy
  const permissions = permissionsPolicy(web && options.stripe === true)
  const isHttps = options.isHttps ?? ((ctx: Koa.Context) => ctx.secure)
  return async function setSecurityHeaders(ctx: Koa.Context, next: Koa.Next) {
    ctx.set('Content-Security-Policy', csp)
    ctx.set('Permissions-Policy', permissions)
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    ctx.set('X-Frame-Options', 'DENY')
    if (isHttps(ctx)) ctx.set('Strict-Transport-Security', `max-age=${oneYear}; includeSubDomains`)
    await next()
  }
}

/**
 * Any `/api` answer is `no-store` unless its route said how it may be cached (the public lists
 * and the draw certificate revalidate by ETag): tokens and personal data never land in a cache,
 * and a route that forgets is private rather than public. Errors are never cached.
 */
export function apiNoStoreByDefault() {
  return async function defaultToNoStore(ctx: Koa.Context, next: Koa.Next) {
    await next()
    // The gateway hands the request to a service, which answers for itself.
    if (ctx.respond === false) return
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return
    if (ctx.status >= 400 || !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'no-store')
  }
}
