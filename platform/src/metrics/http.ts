import { type Endpoint, endpoints } from '@prizes/contracts'
import type Koa from 'koa'
import { createEndpointTable } from '../http/endpoint-table'
import { histogram } from './registry'

/** Seconds: the client's defaults, and 30 s for the slowest answers (an export, a backup). */
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

const requestDuration = histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer finishing, by app, method, endpoint and status',
  labelNames: ['service', 'method', 'route', 'status'],
  buckets,
})

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The route labels that are not an endpoint's path: a fixed few, whatever clients send. */
export const otherRoutes = {
  /** Under `/api`, but no endpoint has that path and method. */
  unmatched: 'unmatched',
  media: '/media/*',
  assets: '/assets/*',
  metrics: '/metrics',
  /** Anything else: the web app's pages, and paths nothing serves. */
  other: 'other',
} as const

/**
 * A request's labels. The route is the endpoint table's path template (`/api/competitions/:id`),
 * never the path as sent: every distinct label value is a series kept for ever, so a label a
 * client could choose would let anyone exhaust the process's memory.
 */
export function requestLabels(
  table: ReturnType<typeof createEndpointTable>,
  method: string,
  path: string,
): { readonly method: string; readonly route: string } {
  const knownMethod = knownMethods.has(method) ? method : 'other'
  if (path === '/api' || path.startsWith('/api/')) {
    const match = table.match(method, path)
    return {
      method: knownMethod,
      route: typeof match === 'object' ? match.endpoint.path : otherRoutes.unmatched,
    }
  }
  if (path === '/metrics') return { method: knownMethod, route: otherRoutes.metrics }
  if (path.startsWith('/media/')) return { method: knownMethod, route: otherRoutes.media }
  if (path.startsWith('/assets/')) return { method: knownMethod, route: otherRoutes.assets }
  return { method: knownMethod, route: otherRoutes.other }
}

/**
 * Records every request's duration in `http_request_duration_seconds` once its answer has
 * finished: also when a handler answers on the raw response (the gateway's proxy), and with the
 * status it really sent. A client that goes before its answer is complete counts as `aborted`.
 */
export function requestMetrics(service: string, table: Record<string, Endpoint> = endpoints) {
  const endpointTable = createEndpointTable(table)
  return async function recordRequest(ctx: Koa.Context, next: Koa.Next) {
    const end = requestDuration.startTimer({ service, ...requestLabels(endpointTable, ctx.method, ctx.path) })
    const res = ctx.res
    res.once('close', () => end({ status: res.writableFinished ? String(res.statusCode) : 'aborted' }))
    await next()
  }
}
