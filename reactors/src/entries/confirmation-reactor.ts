import { competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { entrantRecipient } from '../account-mail/recipient'
import type { MailOutbox } from '../mail/outbox'
import { entryConfirmationEmail } from '../mail/templates/entry-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'
import { competitionTitles } from './competition-titles'

export interface EntryConfirmationOptions {
  readonly store: EventStore
  /** `reactor_checkpoints`, `user_keys`. */
  readonly knex: Knex
  /** Where the email is queued; a sender sends it. */
  readonly outbox: MailOutbox
  /** PUBLIC_URL, for the link back to the site. */
  readonly publicUrl: string
  readonly logger: Logger
  readonly userKeys?: UserKeyReader
  readonly retryDelayMs?: number
}

export const entryConfirmationName = 'entry-confirmation'

/**
 * Emails the entrant when tickets are allocated (TicketsAllocated, or PostalEntryRecorded for an
 * envelope): the competition's title,
 * the entry reference, the number of entries, the ticket numbers and the total paid. The email is
 * queued in the mail outbox under the event's id before the checkpoint moves, so a replay queues
 * nothing new and a crash or a refused send never loses it (the sender retries; at least once).
 */
export function createEntryConfirmationReactor(options: EntryConfirmationOptions): Reactor {
  const { store, knex, outbox, publicUrl } = options
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const titles = competitionTitles(store)
  const logger = options.logger.child({ reactor: entryConfirmationName })

  async function react(event: RecordedEvent): Promise<void> {
    const log = logger.child({ eventId: event.id, streamId: event.streamId })
    const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
    // A postal entry's data is an allocation's (see PostalEntryRecorded).
    if (!parsed.success) return void log.warn(`unreadable ${event.type}; no email`)
    const { competitionId, userId, entryReference, ticketNumbers, amountPence } = parsed.data
    const competitionTitle = await titles.at(competitionId, event.revision)
    if (competitionTitle === undefined)
      return void log.error({ competitionId }, 'competition has no title; no email')
    const recipient = await entrantRecipient({ store, userKeys }, userId, log)
    if (!recipient) return

    const mail = entryConfirmationEmail({
      firstName: recipient.firstName,
      competitionTitle,
      entryReference,
      ticketNumbers,
      totalPaidPence: amountPence,
      publicUrl,
      postal: event.type === 'PostalEntryRecorded',
    })
    const queued = await outbox.enqueue({
      key: event.id,
      template: entryConfirmationName,
      userId,
      mail: { to: recipient.to, ...mail },
    })
    log.info({ entryReference, queued }, 'confirmation email')
  }

  return {
    name: entryConfirmationName,
    filter: {
      streamPrefixes: [competitionStreamPrefix],
      eventTypes: ['TicketsAllocated', 'PostalEntryRecorded'],
    },
    react,
  }
}

export function startEntryConfirmationReactor(options: EntryConfirmationOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createEntryConfirmationReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
