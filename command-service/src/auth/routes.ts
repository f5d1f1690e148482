import type { EndpointName, ResponseOf } from '@prizes/contracts'
import type { RateLimiter } from '@prizes/platform'
import type Koa from 'koa'
import type { AccountDeps } from '../users/deps'
import { type RateLimitedAction, type RateLimitPolicies, rateLimit } from './rate-limits'

/** What every auth router is built from. */
export interface AuthRouteOptions {
  readonly deps: AccountDeps
  readonly clock: () => Date
  readonly limiter: RateLimiter
  readonly rateLimits: RateLimitPolicies
}

/** Sets a response body the endpoint's contract describes, so the compiler checks its shape. */
export function respond<N extends EndpointName>(ctx: Koa.Context, _endpoint: N, body: ResponseOf<N>): void {
  ctx.body = body
}

export function limited(options: AuthRouteOptions, action: RateLimitedAction) {
  return rateLimit(options.limiter, action, options.rateLimits[action], options.clock)
}
