import { newsletterErrorCodes, newsletterMessages } from '@prizes/contracts'
import { DomainError } from '../domain-error'

/** No subscription request or confirmation carries this token (or it was superseded long ago). */
export class UnknownNewsletterToken extends DomainError<typeof newsletterErrorCodes.unknownToken> {
  readonly code = newsletterErrorCodes.unknownToken
  constructor() {
    super(newsletterMessages.unknownToken)
  }
}

/** The confirmation link's time ran out: subscribing again sends a fresh one. */
export class NewsletterTokenExpired extends DomainError<typeof newsletterErrorCodes.tokenExpired> {
  readonly code = newsletterErrorCodes.tokenExpired
  constructor() {
    super(newsletterMessages.expiredToken)
  }
}

export type NewsletterError = UnknownNewsletterToken | NewsletterTokenExpired
