import type { RateLimiter, SettingsCache } from '@prizes/platform'
import type { AccountDeps } from '../users/deps'
import type { AfterAnswer } from './after-answer'
import { createKnownAddresses, type KnownAddresses } from './known-addresses'
import { guardCurrentPassword, guardSignIn, type SignInLimits } from './login-guard'
import { type RateLimitedAction, type RateLimitPolicies, rateLimit } from './rate-limits'

/** What every auth router is built from. */
export interface AuthRouteOptions {
  readonly deps: AccountDeps
  readonly clock: () => Date
  readonly limiter: RateLimiter
  readonly rateLimits: RateLimitPolicies
  readonly signInLimits: SignInLimits
  /** The platform settings: registrations closed, maintenance (admins only sign in). */
  readonly settings: SettingsCache
  /** Where link requests run once they are answered (`createAfterAnswer`). */
  readonly afterAnswer: AfterAnswer
}

export function limited(options: AuthRouteOptions, action: RateLimitedAction) {
  return rateLimit(options.limiter, action, options.rateLimits[action], options.clock)
}

export function knownAddressesOf(options: AuthRouteOptions): KnownAddresses {
  return createKnownAddresses(options.deps.knex, options.deps.secrets.oneTimeTokens)
}

export function signInGuarded(options: AuthRouteOptions) {
  const { limiter, signInLimits: limits, clock } = options
  return guardSignIn({ limiter, limits, clock, known: knownAddressesOf(options) })
}

export function currentPasswordGuarded(options: AuthRouteOptions) {
  const { limiter, signInLimits: limits, clock } = options
  return guardCurrentPassword({ limiter, limits, clock })
}
