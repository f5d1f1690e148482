import { type NewsletterSource, newsletterStream } from '@prizes/contracts'
import { newsletterDecider, UnknownNewsletterToken } from '@prizes/domain'
import { encryptValue, type Logger, type PlatformSecrets } from '@prizes/platform'
import type { Knex } from 'knex'
import type { CommandHandler } from '../command-handler'
import { hashToken } from '../crypto/one-time-token'
import type { CommandContext } from '../event-metadata'
import {
  newNewsletterLink,
  newsletterTokenRow,
  subscriberIdByToken,
  subscriberIdOf,
  subscriberKey,
} from './subscribers'

export interface NewsletterDeps {
  readonly handler: CommandHandler
  readonly knex: Knex
  readonly secrets: PlatformSecrets
  readonly logger: Logger
}

/**
 * Asks for a subscription: a confirmation link goes out unless the address is subscribed
 * already or was sent one within the hour. The caller learns nothing of which happened.
 */
export async function requestSubscription(
  deps: NewsletterDeps,
  email: string,
  source: NewsletterSource,
  context: CommandContext,
): Promise<void> {
  const secret = deps.secrets.oneTimeTokens
  const subscriberId = subscriberIdOf(secret, email)
  const key = await subscriberKey(deps.knex, subscriberId)
  const link = newNewsletterLink(secret, 'newsletter-confirm', subscriberId)
  await deps.handler.handle(
    newsletterStream(subscriberId),
    newsletterDecider,
    {
      type: 'RequestNewsletterSubscription',
      data: {
        subscriberId,
        email: encryptValue(key, email),
        source,
        nonce: link.nonce,
        tokenHash: link.tokenHash,
      },
      metadata: { now: context.now },
    },
    context,
    {
      rows: (rows) =>
        rows.run(
          newsletterTokenRow(deps.knex, {
            tokenHash: link.tokenHash,
            subscriberId,
            purpose: 'newsletter-confirm',
          }),
        ),
    },
  )
}

/** Confirms with the emailed link's token; `alreadyConfirmed` when the link had been used. */
export async function confirmSubscription(
  deps: NewsletterDeps,
  token: string,
  context: CommandContext,
): Promise<{ alreadyConfirmed: boolean }> {
  const tokenHash = hashToken(token)
  const subscriberId = await subscriberIdByToken(deps.knex, tokenHash, 'newsletter-confirm')
  if (!subscriberId) throw new UnknownNewsletterToken()
  const unsubscribe = newNewsletterLink(deps.secrets.oneTimeTokens, 'newsletter-unsubscribe', subscriberId)
  const result = await deps.handler.handle(
    newsletterStream(subscriberId),
    newsletterDecider,
    {
      type: 'ConfirmNewsletterSubscription',
      data: {
        subscriberId,
        tokenHash,
        unsubscribeNonce: unsubscribe.nonce,
        unsubscribeTokenHash: unsubscribe.tokenHash,
      },
      metadata: { now: context.now },
    },
    context,
    {
      rows: (rows) =>
        rows.run(
          newsletterTokenRow(deps.knex, {
            tokenHash: unsubscribe.tokenHash,
            subscriberId,
            purpose: 'newsletter-unsubscribe',
          }),
        ),
    },
  )
  return { alreadyConfirmed: result.events.length === 0 }
}

/** Unsubscribes with a newsletter email's token; unsubscribing twice answers the same. */
export async function unsubscribe(
  deps: NewsletterDeps,
  token: string,
  via: 'link' | 'one_click',
  context: CommandContext,
): Promise<void> {
  const tokenHash = hashToken(token)
  const subscriberId = await subscriberIdByToken(deps.knex, tokenHash, 'newsletter-unsubscribe')
  if (!subscriberId) throw new UnknownNewsletterToken()
  await deps.handler.handle(
    newsletterStream(subscriberId),
    newsletterDecider,
    {
      type: 'UnsubscribeFromNewsletter',
      data: { subscriberId, tokenHash, via },
      metadata: { now: context.now },
    },
    context,
  )
}
