import { createHash, timingSafeEqual } from 'node:crypto'
import { BlockList, isIPv4 } from 'node:net'
import { errorCodes, Refusal } from '@prizes/contracts'
import type Koa from 'koa'
import { clientAddressOf, noTrustedProxies, type TrustedProxies } from '../http/client-address'
import { notFound } from '../http/errors'
import { metricsRegistry } from './registry'

export interface MetricsEndpointOptions {
  /** METRICS_TOKEN: a scraper must send `Authorization: Bearer <token>`. Unset: private networks only. */
  readonly token?: string | undefined
  /** TRUSTED_PROXIES: a request that came through one of them is never local. None unless given. */
  readonly trustedProxies?: TrustedProxies
}

/** Loopback and the private ranges (RFC 1918, IPv6 unique-local): where a scraper on our own network is. */
const privateNetworks = new BlockList()
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4')
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4')
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4')
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4')
privateNetworks.addAddress('::1', 'ipv6')
privateNetworks.addSubnet('fc00::', 7, 'ipv6')

/** Whether a socket's address is loopback or a private network's (`::ffff:10.0.0.1` too). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const v4 = mapped ?? address
  try {
    return isIPv4(v4) ? privateNetworks.check(v4, 'ipv4') : privateNetworks.check(address, 'ipv6')
  } catch {
    return false
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** The bearer token compared in constant time (over digests, so a length tells nothing either). */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token))
}

export interface ScrapeRequest {
  readonly authorization: string | undefined
  /** The client's address as `clientAddressOf` finds it: the socket's unless a trusted proxy's. */
  readonly clientAddress: string | undefined
  /** The connection came from a trusted proxy: whoever sent the request may be anywhere. */
  readonly viaTrustedProxy: boolean
  /** It carries a header some proxy sets to name a client: it may have come through one we do not know. */
  readonly forwarded: boolean
}

/**
 * Who may read the metrics. With a token, whoever sends it (anyone else: 401). Without one, only
 * a client on loopback or a private network talking to us directly: not through a proxy of
 * TRUSTED_PROXIES (whose connections come from a private address for every visitor, so its
 * requests are never local, whatever the client address it names), and not carrying any header
 * a proxy sets to name its client (a proxy nobody listed). Every refusal without a token is a
 * 404, as for a path nothing serves.
 */
export function scrapeVerdict(
  request: ScrapeRequest,
  token: string | undefined,
): 'allowed' | 'unauthorized' | 'hidden' {
  if (token !== undefined) return bearerMatches(request.authorization, token) ? 'allowed' : 'unauthorized'
  const local = isPrivateAddress(request.clientAddress) && !request.viaTrustedProxy && !request.forwarded
  return local ? 'allowed' : 'hidden'
}

/**
 * Headers proxies and CDNs set to name the client (or to say they passed the request on). A
 * proxy in TRUSTED_PROXIES is known by its address, whatever it sets; these catch one that is
 * not listed, as far as it says anything at all (list it, or set METRICS_TOKEN).
 */
const forwardingHeaders = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
]

/** `GET /metrics`: this process's registry in Prometheus's text format, to whom `scrapeVerdict` allows. */
export function metricsEndpoint(options: MetricsEndpointOptions) {
  return async function serveMetrics(ctx: Koa.Context, next: Koa.Next) {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    const client = clientAddressOf(
      ctx.req.socket.remoteAddress,
      ctx.req.headers['x-forwarded-for'],
      options.trustedProxies ?? noTrustedProxies,
    )
    const verdict = scrapeVerdict(
      {
        authorization: ctx.get('authorization') || undefined,
        clientAddress: client.address,
        viaTrustedProxy: client.viaProxy,
        forwarded: forwardingHeaders.some((name) => ctx.req.headers[name] !== undefined),
      },
      options.token,
    )
    if (verdict === 'hidden') throw notFound(`No route for ${ctx.method} ${ctx.path}`)
    if (verdict === 'unauthorized') {
      ctx.set('WWW-Authenticate', 'Bearer')
      throw new Refusal(errorCodes.unauthorized, 'The metrics need the METRICS_TOKEN as a bearer token')
    }
    ctx.set('Content-Type', metricsRegistry.contentType)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await metricsRegistry.metrics()
  }
}
