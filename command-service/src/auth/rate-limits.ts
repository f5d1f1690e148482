import { createHash } from 'node:crypto'
import { authErrorCodes, authMessages } from '@prizes/contracts'
import { HttpError, type RateLimit, type RateLimiter } from '@prizes/platform'
import type Koa from 'koa'

/**
 * The endpoints that can be used to guess passwords, probe emails or flood inboxes, and the
 * public health check (each answer is shared for a second, but every call still costs a lookup).
 */
export type RateLimitedAction = 'login' | 'checkEmail' | 'forgotPassword' | 'resendVerification' | 'health'

/** Each action is limited per client address and, when the body names one, per email. */
export interface RateLimitPolicy {
  readonly perAddress: RateLimit
  readonly perEmail: RateLimit
}

export type RateLimitPolicies = Readonly<Record<RateLimitedAction, RateLimitPolicy>>

const minutes = (n: number) => n * 60 * 1000

/**
 * Per email, tight enough that guessing one password is hopeless; per address, loose enough
 * for a household or office behind one address.
 */
export const defaultRateLimits: RateLimitPolicies = {
  login: { perEmail: { max: 10, windowMs: minutes(15) }, perAddress: { max: 50, windowMs: minutes(15) } },
  checkEmail: {
    perEmail: { max: 20, windowMs: minutes(15) },
    perAddress: { max: 60, windowMs: minutes(15) },
  },
  forgotPassword: {
    perEmail: { max: 5, windowMs: minutes(60) },
    perAddress: { max: 20, windowMs: minutes(60) },
  },
  resendVerification: {
    perEmail: { max: 5, windowMs: minutes(60) },
    perAddress: { max: 20, windowMs: minutes(60) },
  },
  // A monitor polls every few seconds; a GET names no email, so only the address counts.
  health: { perEmail: { max: 120, windowMs: minutes(1) }, perAddress: { max: 120, windowMs: minutes(1) } },
}

/** The email a body names, normalised like the contracts do; the rest is the schema's job. */
function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const email = (body as { email?: unknown }).email
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined
}

/** Buckets name an email by its hash, so the counters table holds no addresses in clear. */
const digest = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * Counts the request against both buckets and refuses it with 429 and `Retry-After` when
 * either is over. Runs after `jsonBody()` and before validation, so attempts the schema refuses
 * count too (a body that is not JSON at all is refused before it costs anything).
 */
export function rateLimit(
  limiter: RateLimiter,
  action: RateLimitedAction,
  policy: RateLimitPolicy,
  clock: () => Date,
) {
  return async function limitRate(ctx: Koa.Context, next: Koa.Next) {
    const now = clock()
    const email = emailOf(ctx.request.body)
    const verdicts = await Promise.all([
      limiter.hit(`${action}:address:${ctx.ip}`, policy.perAddress, now),
      ...(email === undefined ? [] : [limiter.hit(`${action}:email:${digest(email)}`, policy.perEmail, now)]),
    ])
    const refused = verdicts.filter((verdict) => !verdict.allowed)
    if (refused.length > 0) {
      ctx.set('Retry-After', String(Math.max(...refused.map((verdict) => verdict.retryAfterSeconds))))
      throw new HttpError(429, authErrorCodes.rateLimited, authMessages.tooManyAttempts)
    }
    await next()
  }
}
