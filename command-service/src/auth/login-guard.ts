import { authMessages } from '@prizes/contracts'
import { IncorrectCurrentPassword, InvalidCredentials } from '@prizes/domain'
import { type RateLimit, type RateLimiter, requireUser } from '@prizes/platform'
import type Koa from 'koa'
import { countAsFailure, type FailureBucket, settle } from './failure-limits'
import type { KnownAddresses } from './known-addresses'
import { serverMessages } from './messages'
import { digest, emailOf, longestWait, tooMany } from './rate-limits'

/**
 * Sign-in limits (login and login-for-entry share them) that stop guessing without letting a
 * guesser lock the owner out. Only wrong passwords count, never a right one:
 *
 * - per email and address: one place guessing one account (the right password from there is
 *   refused too once it is over, so guessing cannot confirm a hit);
 * - per address: one place spraying passwords over many accounts;
 * - per email, from everywhere: many places guessing one account. Over it, addresses that have
 *   signed in to the account, or reset its password, before may still try (each within its own
 *   per-email-and-address limit); a new place is asked to use one of those or to reset the
 *   password, which proves the inbox and makes its address known. Guesses spread over a botnet
 *   get at most `failuresPerEmail` a window, and the owner is never shut out everywhere.
 *
 * Attempts of any outcome are also counted per address, loosely, to bound the argon2 work one
 * address can ask for.
 */
export interface SignInLimits {
  readonly attemptsPerAddress: RateLimit
  readonly failuresPerEmailAndAddress: RateLimit
  readonly failuresPerAddress: RateLimit
  readonly failuresPerEmail: RateLimit
  /**
   * Wrong current passwords given to change-password, per signed-in user; they count against
   * the address's wrong passwords too. A stolen session must not become a guessing oracle.
   */
  readonly currentPasswordFailuresPerUser: RateLimit
}

const minutes = (n: number) => n * 60 * 1000

export const defaultSignInLimits: SignInLimits = {
  attemptsPerAddress: { max: 300, windowMs: minutes(15) },
  failuresPerEmailAndAddress: { max: 10, windowMs: minutes(15) },
  failuresPerAddress: { max: 50, windowMs: minutes(15) },
  failuresPerEmail: { max: 50, windowMs: minutes(60) },
  currentPasswordFailuresPerUser: { max: 5, windowMs: minutes(15) },
}

export interface SignInGuardOptions {
  readonly limiter: RateLimiter
  readonly limits: SignInLimits
  readonly known: KnownAddresses
  readonly clock: () => Date
}

const isWrongPassword = (error: unknown) => error instanceof InvalidCredentials
const addressFailures = (address: string) => `sign-in:failures:address:${address}`

/** The middleware in front of a sign-in route; it runs before validation, like `rateLimit`. */
export function guardSignIn({ limiter, limits, known, clock }: SignInGuardOptions) {
  return async function guardSignInAttempt(ctx: Koa.Context, next: Koa.Next) {
    const now = clock()
    const address = ctx.ip
    const email = emailOf(ctx.request.body)
    const attempts = await limiter.hit(`sign-in:attempts:address:${address}`, limits.attemptsPerAddress, now)
    const local: FailureBucket[] = [
      { key: addressFailures(address), limit: limits.failuresPerAddress },
      ...(email === undefined
        ? []
        : [
            {
              key: `sign-in:failures:email-address:${digest(`${email}\n${address}`)}`,
              limit: limits.failuresPerEmailAndAddress,
            },
          ]),
    ]
    const everywhere: FailureBucket[] =
      email === undefined
        ? []
        : [{ key: `sign-in:failures:email:${digest(email)}`, limit: limits.failuresPerEmail }]
    const failures = await countAsFailure(limiter, [...local, ...everywhere], now)
    const refusedHere = [attempts, ...failures.verdicts.slice(0, local.length)].filter((v) => !v.allowed)
    if (refusedHere.length > 0) {
      await failures.refund()
      throw tooMany(ctx, longestWait(refusedHere), authMessages.tooManyAttempts)
    }
    const refusedEverywhere = failures.verdicts.slice(local.length).filter((v) => !v.allowed)
    if (email !== undefined && refusedEverywhere.length > 0 && !(await known.isKnown(email, address, now))) {
      await failures.refund()
      throw tooMany(ctx, longestWait(refusedEverywhere), serverMessages.signInFromKnownPlace)
    }
    await settle(failures, next, isWrongPassword)
    if (email !== undefined && ctx.status === 200) await known.remember(email, address, now)
  }
}

/** The middleware in front of change-password, after `authenticate`. */
export function guardCurrentPassword({ limiter, limits, clock }: Omit<SignInGuardOptions, 'known'>) {
  return async function guardCurrentPasswordAttempt(ctx: Koa.Context, next: Koa.Next) {
    const { userId } = requireUser(ctx)
    const now = clock()
    const failures = await countAsFailure(
      limiter,
      [
        { key: `change-password:failures:user:${userId}`, limit: limits.currentPasswordFailuresPerUser },
        { key: addressFailures(ctx.ip), limit: limits.failuresPerAddress },
      ],
      now,
    )
    const refused = failures.verdicts.filter((verdict) => !verdict.allowed)
    if (refused.length > 0) {
      await failures.refund()
      throw tooMany(ctx, longestWait(refused), authMessages.tooManyAttempts)
    }
    await settle(failures, next, (error) => error instanceof IncorrectCurrentPassword)
  }
}
