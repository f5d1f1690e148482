import { createHash } from 'node:crypto'
import { authErrorCodes, authMessages, errorCodes, Refusal } from '@prizes/contracts'
import { type RateLimit, type RateLimiter, type RateLimitVerdict, requireUser } from '@prizes/platform'
import type Koa from 'koa'
import { mailboxOf } from './mailbox'

/**
 * The endpoints that can be used to probe emails, flood inboxes or mass-create accounts, and the
 * public health check (each answer is shared for a second, but every call still costs a
 * lookup). Sign-in has limits of its own that count failures (`login-guard.ts`).
 */
export type RateLimitedAction =
  | 'checkEmail'
  | 'forgotPassword'
  | 'resendVerification'
  | 'register'
  | 'createGuestAccount'
  | 'health'
  | 'accountToken'
  | 'newsletterSubscribe'
  | 'newsletterToken'
  | 'contact'

/**
 * Each action is limited per client address and, when the body names an email, per email. An
 * action that emails the address it is given also counts against that inbox (`mailboxOf`), in
 * one bucket every such action shares, so no mix of sign-ups, guest accounts, resends and
 * resets can send one inbox more than `perInbox` account emails in its window.
 */
export interface RateLimitPolicy {
  readonly perAddress: RateLimit
  readonly perEmail?: RateLimit
  readonly perInbox?: RateLimit
  /**
   * The kind of email `perInbox` counts, one bucket per inbox for each kind: account email
   * (the default), contact acknowledgements, newsletter confirmations. Kinds apart, so that a
   * stranger's contact messages cannot use up the owner's password resets.
   */
  readonly inboxMail?: 'account-mail' | 'contact-ack' | 'newsletter-mail'
}

export type RateLimitPolicies = Readonly<Record<RateLimitedAction, RateLimitPolicy>>

const minutes = (n: number) => n * 60 * 1000

/** Account emails one inbox may be sent in an hour, whichever actions send them. */
const accountEmailsPerInbox: RateLimit = { max: 10, windowMs: minutes(60) }

/**
 * Contact acknowledgements and newsletter confirmations one inbox may be sent in an hour, from
 * whatever addresses and spellings of it (`+tags`, Gmail's dots) they were asked for (issue 23:
 * rotating them sent one stranger 100 of 100).
 */
const contactAcksPerInbox: RateLimit = { max: 3, windowMs: minutes(60) }
const newsletterMailsPerInbox: RateLimit = { max: 3, windowMs: minutes(60) }

/** Sign-ups and guest accounts, each so many an hour per address (ACCOUNTS_PER_ADDRESS_HOUR). */
export function accountCreationLimits(perAddressHour: number) {
  const policy: RateLimitPolicy = {
    perAddress: { max: perAddressHour, windowMs: minutes(60) },
    perInbox: accountEmailsPerInbox,
  }
  return { register: policy, createGuestAccount: policy }
}

/**
 * Per email, tight enough that probing one address is slow; per address, loose enough for a
 * household or office behind one address. Creating accounts: a family entering together makes
 * a handful of guest accounts in an hour, a script makes hundreds.
 */
export const defaultRateLimits: RateLimitPolicies = {
  checkEmail: {
    perEmail: { max: 20, windowMs: minutes(15) },
    perAddress: { max: 60, windowMs: minutes(15) },
  },
  forgotPassword: {
    perEmail: { max: 5, windowMs: minutes(60) },
    perAddress: { max: 20, windowMs: minutes(60) },
    perInbox: accountEmailsPerInbox,
  },
  resendVerification: {
    perEmail: { max: 5, windowMs: minutes(60) },
    perAddress: { max: 20, windowMs: minutes(60) },
    perInbox: accountEmailsPerInbox,
  },
  ...accountCreationLimits(20),
  // The emailed links' one-time tokens (verify email, check and use a reset link), one bucket
  // for the three: a person opens a link or two; guessing tokens needs millions of tries.
  accountToken: { perAddress: { max: 60, windowMs: minutes(15) } },
  // A monitor polls every few seconds; a GET names no email, so only the address counts.
  health: { perAddress: { max: 120, windowMs: minutes(1) } },
  // The decider sends one confirmation an hour per address whatever the count; these stop a
  // script from creating streams and keys for every address it can think of.
  newsletterSubscribe: {
    perEmail: { max: 5, windowMs: minutes(60) },
    perAddress: { max: 20, windowMs: minutes(60) },
    perInbox: newsletterMailsPerInbox,
    inboxMail: 'newsletter-mail',
  },
  // Confirm and unsubscribe links: a person clicks a few; guessing tokens needs millions.
  newsletterToken: { perAddress: { max: 30, windowMs: minutes(15) } },
  // Each message emails an acknowledgement to the address given.
  contact: {
    perEmail: { max: 5, windowMs: minutes(60) },
    perAddress: { max: 10, windowMs: minutes(60) },
    perInbox: contactAcksPerInbox,
    inboxMail: 'contact-ack',
  },
}

/** The email a body names, normalised like the contracts do; the rest is the schema's job. */
export function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const email = (body as { email?: unknown }).email
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined
}

/** Buckets name an email by its hash, so the counters table holds no addresses in clear. */
export const digest = (value: string) => createHash('sha256').update(value).digest('hex')

/** "a minute" or "N minutes", rounded up: how people are told to wait. */
export function waitFor(retryAfterSeconds: number): string {
  const minutesToWait = Math.ceil(retryAfterSeconds / 60)
  return minutesToWait <= 1 ? 'a minute' : `${minutesToWait} minutes`
}

/** The longest wait among the refusing buckets: only when all have reopened may the caller try. */
export function longestWait(refused: readonly RateLimitVerdict[]): number {
  return Math.max(...refused.map((verdict) => verdict.retryAfterSeconds))
}

/** 429 with `Retry-After`, and what to tell people. */
export function tooMany(ctx: Koa.Context, retryAfterSeconds: number, message: string): Refusal {
  ctx.set('Retry-After', String(retryAfterSeconds))
  return new Refusal(authErrorCodes.rateLimited, message)
}

const creations: ReadonlySet<RateLimitedAction> = new Set(['register', 'createGuestAccount'])

function messageFor(action: RateLimitedAction, bucket: 'address' | 'email' | 'inbox', retryAfter: number) {
  if (bucket === 'inbox') {
    return `Too many emails have been sent to this address recently. Please wait ${waitFor(retryAfter)} and try again.`
  }
  if (bucket === 'address' && creations.has(action)) {
    return `Too many accounts have been created from your network. Please wait ${waitFor(retryAfter)} and try again.`
  }
  return authMessages.tooManyAttempts
}

/**
 * Counts the request against its buckets and refuses it with 429 and `Retry-After` when any is
 * over. Runs after `jsonBody()` and before validation, so attempts the schema refuses count too
 * (a body that is not JSON at all is refused before it costs anything).
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
    const buckets: {
      readonly kind: 'address' | 'email' | 'inbox'
      readonly key: string
      readonly limit: RateLimit
    }[] = [{ kind: 'address', key: `${action}:address:${ctx.ip}`, limit: policy.perAddress }]
    if (email !== undefined && policy.perEmail) {
      buckets.push({ kind: 'email', key: `${action}:email:${digest(email)}`, limit: policy.perEmail })
    }
    if (email !== undefined && policy.perInbox) {
      buckets.push({
        kind: 'inbox',
        key: `${policy.inboxMail ?? 'account-mail'}:inbox:${digest(mailboxOf(email))}`,
        limit: policy.perInbox,
      })
    }
    const verdicts = await Promise.all(buckets.map((bucket) => limiter.hit(bucket.key, bucket.limit, now)))
    const refused = buckets.flatMap((bucket, i) => {
      const verdict = verdicts[i]
      return verdict && !verdict.allowed ? [{ bucket, verdict }] : []
    })
    const first = refused[0]
    if (first) {
      const retryAfter = longestWait(refused.map((r) => r.verdict))
      throw tooMany(ctx, retryAfter, messageFor(action, first.bucket.kind, retryAfter))
    }
    await next()
  }
}

/**
 * A signed-in user's changes of one kind of their own settings (`scope`: responsible play, the
 * winner's name), `limit` an hour per user: 429 with Retry-After past it.
 */
export function limitUserChanges(limiter: RateLimiter, limit: RateLimit, clock: () => Date, scope: string) {
  return async function limitChanges(ctx: Koa.Context, next: Koa.Next) {
    const { userId } = requireUser(ctx)
    const verdict = await limiter.hit(`${scope}:user:${userId}`, limit, clock())
    if (!verdict.allowed) {
      ctx.set('Retry-After', String(verdict.retryAfterSeconds))
      throw new Refusal(errorCodes.rateLimited, 'Too many changes. Please try again later.')
    }
    await next()
  }
}
