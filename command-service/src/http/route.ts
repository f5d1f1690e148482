import type Router from '@koa/router'
import { type EndpointName, endpoints, operations, type RequestOf, type ResponseOf } from '@prizes/contracts'
import { parseOr400, requireAdmin, requireUser } from '@prizes/platform'
import type Koa from 'koa'

/** What a route's handler is given: the request body as its contract parsed it, and the context. */
export interface Call<N extends EndpointName> {
  readonly body: RequestOf<N>
  readonly ctx: Koa.Context
}

export type RouteHandler<N extends EndpointName> = (call: Call<N>) => Promise<ResponseOf<N>>

/**
 * One endpoint of the contracts' table on `router`: its method and path from `endpoints`, who may
 * call it and its success status from `operations`; the body parsed with its request schema (a
 * 400 naming each bad field), then the handler, whose answer is the response its contract
 * describes. `guards` run first (sign-in, rate limits, the body reader), as before any handler.
 */
export function route<N extends EndpointName>(
  router: Router,
  name: N,
  ...chain: [...guards: Koa.Middleware[], handle: RouteHandler<N>]
): void {
  const handle = chain.at(-1) as RouteHandler<N>
  const guards = chain.slice(0, -1) as Koa.Middleware[]
  const { method, path, request } = endpoints[name]
  const { access, status } = operations[name]
  async function answer(ctx: Koa.Context) {
    if (access === 'admin') requireAdmin(ctx)
    else if (access === 'user') requireUser(ctx)
    // A GET has no body to read; anything sent with one is not the contract's business.
    const body = (method === 'GET' ? undefined : parseOr400(request, ctx.request.body)) as RequestOf<N>
    const response = await handle({ body, ctx })
    ctx.status = status ?? 200
    ctx.body = response
  }
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'
  router[verb](path, ...guards, answer)
}
