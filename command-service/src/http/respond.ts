import type { EndpointName, ResponseOf } from '@prizes/contracts'
import type Koa from 'koa'

/** Sets a response body the endpoint's contract describes, so the compiler checks its shape. */
export function respond<N extends EndpointName>(ctx: Koa.Context, _endpoint: N, body: ResponseOf<N>): void {
  ctx.body = body
}
