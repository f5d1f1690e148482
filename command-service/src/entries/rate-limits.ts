import { errorCodes, Refusal } from '@prizes/contracts'
import { type RateLimit, type RateLimiter, requireUser } from '@prizes/platform'
import type Koa from 'koa'

/**
 * How many reservations (create-payment-intent, and POST /api/entries, which reserves too) one
 * signed-in user and one address may ask for in a window. With one unpaid reservation per user
 * and competition, replaced ones keeping their expiry, this is what bounds what a hoarder can
 * keep off sale: a user can hold at most one purchase's 10 tickets on a competition at a time,
 * and keeping them held means asking again every RESERVATION_MINUTES, each time a new
 * reservation; `perUser` caps those asks, and `perAddress` the accounts of one address together.
 */
export interface ReservationLimits {
  readonly perUser: RateLimit
  readonly perAddress: RateLimit
}

const hourMs = 60 * 60 * 1000

/** So many asks an hour per user and per address (RESERVATIONS_PER_USER_HOUR, _PER_ADDRESS_HOUR). */
export function hourlyReservationLimits(perUser: number, perAddress: number): ReservationLimits {
  return { perUser: { max: perUser, windowMs: hourMs }, perAddress: { max: perAddress, windowMs: hourMs } }
}

/**
 * An honest entrant asks once per purchase, plus once per "Back" or declined card; ten an hour
 * is several purchases with retries. An address is a household or an office: thirty an hour.
 */
export const defaultReservationLimits: ReservationLimits = hourlyReservationLimits(10, 30)

function tooManyMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60)
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`
  return `Too many payment attempts. Please wait ${wait} before trying to enter again.`
}

/**
 * Counts the request against the user's and the address's buckets and refuses it with 429,
 * `Retry-After` and how long to wait, when either is over. Runs after `authenticate`.
 */
export function limitReservations(limiter: RateLimiter, limits: ReservationLimits, clock: () => Date) {
  return async function limitReservationRate(ctx: Koa.Context, next: Koa.Next) {
    const { userId } = requireUser(ctx)
    const now = clock()
    // Both buckets in one statement: one round trip, one transaction.
    const verdicts = await limiter.hitAll(
      [
        { bucket: `reserve:user:${userId}`, limit: limits.perUser },
        { bucket: `reserve:address:${ctx.ip}`, limit: limits.perAddress },
      ],
      now,
    )
    const refused = verdicts.filter((verdict) => !verdict.allowed)
    if (refused.length > 0) {
      const retryAfter = Math.max(...refused.map((verdict) => verdict.retryAfterSeconds))
      ctx.set('Retry-After', String(retryAfter))
      throw new Refusal(errorCodes.rateLimited, tooManyMessage(retryAfter))
    }
    await next()
  }
}

/**
 * The skill-question endpoint is public: an entrant asks once per entry form and again as they
 * correct their email, and a household or office shares one address; each ask costs a cached
 * competition load and a hash. 600 an hour per address unless SKILL_QUESTIONS_PER_ADDRESS_HOUR
 * says otherwise.
 */
export const questionLimit: RateLimit = { max: 600, windowMs: hourMs }

export function limitQuestions(limiter: RateLimiter, clock: () => Date, limit: RateLimit = questionLimit) {
  return async function limitQuestionRate(ctx: Koa.Context, next: Koa.Next) {
    const verdict = await limiter.hit(`skill-question:address:${ctx.ip}`, limit, clock())
    if (!verdict.allowed) {
      ctx.set('Retry-After', String(verdict.retryAfterSeconds))
      throw new Refusal(errorCodes.rateLimited, 'Too many requests. Please wait a few minutes and try again.')
    }
    await next()
  }
}
