import { newsletterMessages } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/** No subscription request or confirmation carries this token (or it was superseded long ago). */
export class UnknownNewsletterToken extends DomainError<'UNKNOWN_NEWSLETTER_TOKEN'> {
  readonly code = 'UNKNOWN_NEWSLETTER_TOKEN'
  constructor() {
    super(newsletterMessages.unknownToken)
  }
}

/** The confirmation link's time ran out: subscribing again sends a fresh one. */
export class NewsletterTokenExpired extends DomainError<'NEWSLETTER_TOKEN_EXPIRED'> {
  readonly code = 'NEWSLETTER_TOKEN_EXPIRED'
  constructor() {
    super(newsletterMessages.expiredToken)
  }
}

export type NewsletterError = UnknownNewsletterToken | NewsletterTokenExpired

export function isNewsletterError(error: unknown): error is NewsletterError {
  return error instanceof UnknownNewsletterToken || error instanceof NewsletterTokenExpired
}
