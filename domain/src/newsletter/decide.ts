import type { Encrypted, NewsletterSource } from '@prizes/contracts'
import type { CommandMetadata } from '../command-metadata'
import type { StreamDecider } from '../decider'
import { NewsletterTokenExpired, UnknownNewsletterToken } from './errors'
import { decodeNewsletterEvent, type NewsletterEvent } from './events'

/** How long a confirmation link works. */
export const newsletterConfirmationLifetimeMs = 7 * 24 * 60 * 60 * 1000
/**
 * At most one confirmation email per address in this window: signing up again sooner records
 * nothing (the first email is on its way), so the form cannot be used to flood an inbox.
 */
export const newsletterResendWindowMs = 60 * 60 * 1000
/** Links kept per address: enough for every email a person may still hold, never unbounded. */
const keptLinks = 10

interface PendingLink {
  readonly tokenHash: string
  readonly expiresAt: string
}

export interface NewsletterState {
  readonly status: 'none' | 'pending' | 'subscribed' | 'unsubscribed'
  /** The address as last given, encrypted with the subscriber's key. */
  readonly email: Encrypted | null
  /** When the last confirmation email was asked for. */
  readonly lastRequestedAt: string | null
  /** Confirmation links not yet used, newest last. */
  readonly pending: readonly PendingLink[]
  /** The link that confirmed the current (or last) subscription. */
  readonly confirmedWith: readonly string[]
  /** Every unsubscribe token given out, newest last: an old email's link still unsubscribes. */
  readonly unsubscribeTokens: readonly string[]
}

export const initialNewsletterState: NewsletterState = {
  status: 'none',
  email: null,
  lastRequestedAt: null,
  pending: [],
  confirmedWith: [],
  unsubscribeTokens: [],
}

export interface RequestNewsletterSubscription {
  readonly type: 'RequestNewsletterSubscription'
  readonly data: {
    readonly subscriberId: string
    readonly email: Encrypted
    readonly source: NewsletterSource
    /** The new link's nonce and token hash; used only when a link is sent. */
    readonly nonce: string
    readonly tokenHash: string
  }
  readonly metadata: CommandMetadata
}

export interface ConfirmNewsletterSubscription {
  readonly type: 'ConfirmNewsletterSubscription'
  readonly data: {
    readonly subscriberId: string
    readonly tokenHash: string
    readonly unsubscribeNonce: string
    readonly unsubscribeTokenHash: string
  }
  readonly metadata: CommandMetadata
}

export interface UnsubscribeFromNewsletter {
  readonly type: 'UnsubscribeFromNewsletter'
  readonly data: {
    readonly subscriberId: string
    readonly tokenHash: string
    readonly via: 'link' | 'one_click'
  }
  readonly metadata: CommandMetadata
}

export type NewsletterCommand =
  | RequestNewsletterSubscription
  | ConfirmNewsletterSubscription
  | UnsubscribeFromNewsletter

const newest = <T>(items: readonly T[], item: T): readonly T[] => [...items, item].slice(-keptLinks)

export function evolveNewsletter(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'NewsletterSubscriptionRequested':
      return {
        ...state,
        status: state.status === 'subscribed' ? 'subscribed' : 'pending',
        email: event.data.email,
        lastRequestedAt: event.data.requestedAt,
        pending: newest(state.pending, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }),
      }
    case 'NewsletterSubscriptionConfirmed':
      return {
        ...state,
        status: 'subscribed',
        email: event.data.email,
        pending: [],
        confirmedWith: newest(state.confirmedWith, event.data.confirmedWith),
        unsubscribeTokens: newest(state.unsubscribeTokens, event.data.unsubscribeTokenHash),
      }
    case 'NewsletterUnsubscribed':
      return { ...state, status: 'unsubscribed' }
    default: {
      const unknown: never = event
      throw new Error(`Unknown newsletter event ${JSON.stringify(unknown)}`)
    }
  }
}

export function decideNewsletter(command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] {
  const now = command.metadata.now
  switch (command.type) {
    case 'RequestNewsletterSubscription': {
      // Subscribed already: nothing to confirm, and nothing said about it.
      if (state.status === 'subscribed') return []
      const last = state.lastRequestedAt === null ? undefined : Date.parse(state.lastRequestedAt)
      if (
        state.status === 'pending' &&
        last !== undefined &&
        now.getTime() - last < newsletterResendWindowMs
      ) {
        return []
      }
      const { subscriberId, email, source, nonce, tokenHash } = command.data
      const requestedAt = now.toISOString()
      const expiresAt = new Date(now.getTime() + newsletterConfirmationLifetimeMs).toISOString()
      return [
        {
          type: 'NewsletterSubscriptionRequested',
          data: { subscriberId, email, source, nonce, tokenHash, requestedAt, expiresAt },
        },
      ]
    }
    case 'ConfirmNewsletterSubscription': {
      const { subscriberId, tokenHash, unsubscribeNonce, unsubscribeTokenHash } = command.data
      // The same link twice: confirmed already, nothing new.
      if (state.status === 'subscribed' && state.confirmedWith.includes(tokenHash)) return []
      const link = state.pending.find((p) => p.tokenHash === tokenHash)
      if (!link || state.email === null) throw new UnknownNewsletterToken()
      if (Date.parse(link.expiresAt) <= now.getTime()) throw new NewsletterTokenExpired()
      return [
        {
          type: 'NewsletterSubscriptionConfirmed',
          data: {
            subscriberId,
            email: state.email,
            confirmedWith: tokenHash,
            unsubscribeNonce,
            unsubscribeTokenHash,
          },
        },
      ]
    }
    case 'UnsubscribeFromNewsletter': {
      const { subscriberId, tokenHash, via } = command.data
      if (!state.unsubscribeTokens.includes(tokenHash)) throw new UnknownNewsletterToken()
      // Unsubscribing twice changes nothing and says the same.
      if (state.status !== 'subscribed') return []
      return [{ type: 'NewsletterUnsubscribed', data: { subscriberId, tokenHash, via } }]
    }
    default: {
      const unknown: never = command
      throw new Error(`Unknown newsletter command ${JSON.stringify(unknown)}`)
    }
  }
}

export const newsletterDecider: StreamDecider<NewsletterCommand, NewsletterState, NewsletterEvent> = {
  decide: decideNewsletter,
  evolve: evolveNewsletter,
  initialState: initialNewsletterState,
  decodeEvent: decodeNewsletterEvent,
}
