import { z } from 'zod'
import { encrypted } from './user'

/**
 * The newsletter, one stream per address (`newsletter-<subscriberId>`). The subscriber id is
 * derived from the address with a server secret (a blind index), so a second sign-up of the
 * same address finds the same stream while the log never holds the address in clear: the
 * address itself is encrypted with the subscriber's own key, whose deletion forgets it
 * (crypto-shredding, as for users).
 */

const subscriberId = z.string().uuid()
/** sha256 of a one-time token, hex. The token itself is never stored. */
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/)
/** Tokens are derived from a server secret and this nonce, so the mail reactor can rebuild the link. */
const nonce = z.string().min(16).max(64)

export const newsletterSources = ['newsletter_form', 'competition_entry'] as const
export type NewsletterSource = (typeof newsletterSources)[number]

export const newsletterEvents = {
  /** Someone asked to subscribe: a confirmation link goes to the address (double opt-in). */
  NewsletterSubscriptionRequested: z.object({
    subscriberId,
    email: encrypted,
    source: z.enum(newsletterSources),
    nonce,
    tokenHash,
    requestedAt: z.string().datetime(),
    expiresAt: z.string().datetime(),
  }),
  /** The link was followed: the address is subscribed, and gets its own unsubscribe token. */
  NewsletterSubscriptionConfirmed: z.object({
    subscriberId,
    email: encrypted,
    confirmedWith: tokenHash,
    unsubscribeNonce: nonce,
    unsubscribeTokenHash: tokenHash,
  }),
  /** An unsubscribe link (the page) or a mail client's one-click unsubscribe (RFC 8058). */
  NewsletterUnsubscribed: z.object({
    subscriberId,
    tokenHash,
    via: z.enum(['link', 'one_click']),
  }),
} as const

export type NewsletterEventType = keyof typeof newsletterEvents
export type NewsletterEvent = {
  [K in NewsletterEventType]: { type: K; data: z.infer<(typeof newsletterEvents)[K]> }
}[NewsletterEventType]

export const newsletterStreamPrefix = 'newsletter-'
export const newsletterStream = (subscriberId: string) => `${newsletterStreamPrefix}${subscriberId}`
