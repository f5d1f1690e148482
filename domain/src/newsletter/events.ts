import { type NewsletterEvent, newsletterEvents } from '@prizes/contracts'
import type { StoredEvent } from '../decider'

export type { NewsletterEvent }

/** A stored newsletter event validated against its contract; unknown types answer undefined. */
export function decodeNewsletterEvent(stored: StoredEvent): NewsletterEvent | undefined {
  switch (stored.type) {
    case 'NewsletterSubscriptionRequested':
    case 'NewsletterSubscriptionConfirmed':
    case 'NewsletterUnsubscribed':
      return { type: stored.type, data: newsletterEvents[stored.type].parse(stored.data) } as NewsletterEvent
    default:
      return undefined
  }
}
