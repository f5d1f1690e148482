import { marketingPausedFor, newsletterToken, subscriberKeyId } from '@prizes/command-service/use-cases'
import {
  contactEvents,
  contactKeyId,
  contactStream,
  contactStreamPrefix,
  newsletterEvents,
  newsletterStream,
  newsletterStreamPrefix,
} from '@prizes/contracts'
import { newsletterDecider } from '@prizes/domain'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import { decryptValue, type Logger, readUserKey } from '@prizes/platform'
import type { Knex } from 'knex'
import type { MailOutbox } from '../mail/outbox'
import { contactAcknowledgementEmail, contactAnswerEmail } from '../mail/templates/contact-emails'
import { newsletterConfirmationEmail, newsletterWelcomeEmail } from '../mail/templates/newsletter-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'

export interface NewsletterMailOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly outbox: MailOutbox
  readonly secrets: { readonly oneTimeTokens: Buffer }
  readonly publicUrl: string
  readonly logger: Logger
  readonly now?: () => Date
  readonly retryDelayMs?: number
}

export const newsletterMailName = 'newsletter-mail'

/**
 * The emails of the newsletter and the contact form: a sign-up's confirmation link, the welcome
 * email once confirmed (a marketing email, with its unsubscribe link and one-click headers), and
 * a contact message's acknowledgement. Each is queued under its event's id, so a replay queues
 * nothing new; an email that no longer makes sense when its event is handled (the link was
 * used or expired, the subscriber left, the data was erased) is not sent.
 */
export function createNewsletterMailReactor(options: NewsletterMailOptions): Reactor {
  const { store, knex, outbox, secrets, publicUrl } = options
  const now = options.now ?? (() => new Date())
  const logger = options.logger.child({ reactor: newsletterMailName })

  async function open(keyId: string, value: string, log: Logger): Promise<string | undefined> {
    const key = await readUserKey(knex, keyId)
    if (!key) return void log.info({ reason: 'the data was erased (no key)' }, 'no email')
    try {
      return decryptValue(key, value)
    } catch (error) {
      log.error({ err: error }, 'cannot decrypt the recipient; no email')
      return undefined
    }
  }

  async function subscriberState(subscriberId: string) {
    let state = newsletterDecider.initialState
    for (const recorded of await store.readStream(newsletterStream(subscriberId))) {
      const event = newsletterDecider.decodeEvent(recorded)
      if (event) state = newsletterDecider.evolve(state, event)
    }
    return state
  }

  async function react(event: RecordedEvent): Promise<void> {
    const log = logger.child({ eventId: event.id, eventType: event.type, streamId: event.streamId })
    switch (event.type) {
      case 'NewsletterSubscriptionRequested': {
        const data = newsletterEvents.NewsletterSubscriptionRequested.parse(event.data)
        const state = await subscriberState(data.subscriberId)
        if (!state.pending.some((p) => p.tokenHash === data.tokenHash)) {
          return void log.info({ reason: 'the link was used or replaced' }, 'no email')
        }
        if (Date.parse(data.expiresAt) <= now().getTime()) {
          return void log.info({ reason: 'the link expired before it could be sent' }, 'no email')
        }
        const to = await open(subscriberKeyId(data.subscriberId), data.email, log)
        if (!to) return
        const token = newsletterToken(
          secrets.oneTimeTokens,
          'newsletter-confirm',
          data.subscriberId,
          data.nonce,
        )
        const queued = await outbox.enqueue({
          key: event.id,
          template: 'newsletter-confirmation',
          userId: subscriberKeyId(data.subscriberId),
          mail: { to, ...newsletterConfirmationEmail({ publicUrl, token }) },
        })
        return void log.info({ queued }, 'newsletter confirmation')
      }
      case 'NewsletterSubscriptionConfirmed': {
        const data = newsletterEvents.NewsletterSubscriptionConfirmed.parse(event.data)
        const state = await subscriberState(data.subscriberId)
        if (state.status !== 'subscribed') return void log.info({ reason: 'unsubscribed since' }, 'no email')
        const to = await open(subscriberKeyId(data.subscriberId), data.email, log)
        if (!to) return
        if (await marketingPausedFor({ knex, store, secrets }, to, now())) {
          return void log.info({ reason: 'the account is on a break' }, 'no email')
        }
        const unsubscribeToken = newsletterToken(
          secrets.oneTimeTokens,
          'newsletter-unsubscribe',
          data.subscriberId,
          data.unsubscribeNonce,
        )
        const queued = await outbox.enqueue({
          key: event.id,
          template: 'newsletter-welcome',
          userId: subscriberKeyId(data.subscriberId),
          mail: { to, ...newsletterWelcomeEmail({ publicUrl, unsubscribeToken }) },
        })
        return void log.info({ queued }, 'newsletter welcome')
      }
      case 'ContactMessageReceived': {
        const data = contactEvents.ContactMessageReceived.parse(event.data)
        const keyId = contactKeyId(data.reference)
        const to = await open(keyId, data.email, log)
        if (!to) return
        const queued = await outbox.enqueue({
          key: event.id,
          template: 'contact-acknowledgement',
          userId: keyId,
          mail: {
            to,
            ...contactAcknowledgementEmail({
              reference: data.reference,
              topic: data.topic,
              deadlines: data.deadlines ?? null,
              publicUrl,
            }),
          },
        })
        return void log.info({ queued }, 'contact acknowledgement')
      }
      case 'ContactMessageAnswered': {
        const data = contactEvents.ContactMessageAnswered.parse(event.data)
        const keyId = contactKeyId(data.reference)
        // The sender's address and subject are on the message's first event.
        const [first] = await store.readStream(contactStream(data.reference), { limit: 1 })
        const received = contactEvents.ContactMessageReceived.safeParse(first?.data)
        if (!received.success) return void log.error('the message this answers is missing; no email')
        const to = await open(keyId, received.data.email, log)
        if (!to) return
        const [name, subject, answer] = await Promise.all([
          open(keyId, received.data.name, log),
          open(keyId, received.data.subject, log),
          open(keyId, data.answer, log),
        ])
        if (answer === undefined) return
        const queued = await outbox.enqueue({
          key: event.id,
          template: 'contact-answer',
          userId: keyId,
          mail: {
            to,
            ...contactAnswerEmail({ name, reference: data.reference, subject: subject ?? '', answer }),
          },
        })
        return void log.info({ queued }, 'contact answer')
      }
      default:
        return
    }
  }

  return {
    name: newsletterMailName,
    filter: {
      streamPrefixes: [newsletterStreamPrefix, contactStreamPrefix],
      eventTypes: [
        'NewsletterSubscriptionRequested',
        'NewsletterSubscriptionConfirmed',
        'ContactMessageReceived',
        'ContactMessageAnswered',
      ],
    },
    react,
  }
}

export function startNewsletterMailReactor(options: NewsletterMailOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createNewsletterMailReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
