import { createHash, timingSafeEqual } from 'node:crypto'
import { BlockList, isIPv4 } from 'node:net'
import { errorCodes } from '@prizes/contracts'
import type Koa from 'koa'
import { HttpError, notFound } from '../http/errors'
import { metricsRegistry } from './registry'

export interface MetricsEndpointOptions {
  /** METRICS_TOKEN: a scraper must send `Authorization: Bearer <token>`. Unset: private networks only. */
  readonly token?: string | undefined
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
  /** The socket's own address: never a header, which the client writes. */
  readonly remoteAddress: string | undefined
  /** It carries a proxy's forwarding headers: whoever sent it may be anywhere. */
  readonly forwarded: boolean
}

/**
 * Who may read the metrics. With a token, whoever sends it (anyone else: 401). Without one,
 * only a client on loopback or a private network talking to us directly: a request a proxy
 * forwarded (a TLS proxy in front connects from loopback for every visitor) is refused, and
 * every refusal without a token is a 404, as for a path nothing serves.
 */
export function scrapeVerdict(
  request: ScrapeRequest,
  token: string | undefined,
): 'allowed' | 'unauthorized' | 'hidden' {
  if (token !== undefined) return bearerMatches(request.authorization, token) ? 'allowed' : 'unauthorized'
  return isPrivateAddress(request.remoteAddress) && !request.forwarded ? 'allowed' : 'hidden'
}

const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-real-ip']

/** `GET /metrics`: this process's registry in Prometheus's text format, to whom `scrapeVerdict` allows. */
export function metricsEndpoint(options: MetricsEndpointOptions) {
  return async function serveMetrics(ctx: Koa.Context, next: Koa.Next) {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next()
    const verdict = scrapeVerdict(
      {
        authorization: ctx.get('authorization') || undefined,
        remoteAddress: ctx.req.socket.remoteAddress,
        forwarded: forwardingHeaders.some((name) => ctx.get(name) !== ''),
      },
      options.token,
    )
    if (verdict === 'hidden') throw notFound(`No route for ${ctx.method} ${ctx.path}`)
    if (verdict === 'unauthorized') {
      ctx.set('WWW-Authenticate', 'Bearer')
      throw new HttpError(
        401,
        errorCodes.unauthorized,
        'The metrics need the METRICS_TOKEN as a bearer token',
      )
    }
    ctx.set('Content-Type', metricsRegistry.contentType)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await metricsRegistry.metrics()
  }
}
