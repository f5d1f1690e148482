import { competitionEvents, competitionStream, competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { entrantRecipient } from '../account-mail/recipient'
import type { MailOutbox } from '../mail/outbox'
import { endDateExtendedEmail } from '../mail/templates/extension-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'

export interface ExtensionEmailOptions {
  readonly store: EventStore
  /** `reactor_checkpoints`, `user_keys`. */
  readonly knex: Knex
  readonly logger: Logger
  readonly outbox: MailOutbox
  /** PUBLIC_URL, for the link to the competition. */
  readonly publicUrl: string
  readonly userKeys?: UserKeyReader
  readonly retryDelayMs?: number
}

export const extensionEmailName = 'competition-extension-email'
/** The template name in `mail_outbox`. */
export const endDateExtendedTemplate = 'competition-extended'

/** One email per entrant per competition: an end date is extended once, so this key is sent once. */
export const extensionEmailKey = (competitionId: string, userId: string) =>
  `${endDateExtendedTemplate}:${competitionId}:${userId}`

/**
 * The competition's title as it stood at the extension, and every entrant holding tickets then:
 * each user with an allocated entry not refunded, once however many entries they have, in the
 * order they first entered. Read up to the extension, so it is bounded by the stream's tickets.
 */
export function entrantsAtExtension(events: readonly RecordedEvent[]) {
  let title: string | undefined
  const entriesOf = new Map<string, Set<string>>()
  const refunded = new Set<string>()
  for (const event of events) {
    if (event.type === 'CompetitionCreated' || event.type === 'CompetitionRevised') {
      const parsed = competitionEvents[event.type].safeParse(event.data)
      if (parsed.success) title = parsed.data.details.title
    } else if (event.type === 'TicketsAllocated' || event.type === 'PostalEntryRecorded') {
      const parsed = entryEvents[event.type].safeParse(event.data)
      if (!parsed.success) continue
      const entries = entriesOf.get(parsed.data.userId) ?? new Set<string>()
      entries.add(parsed.data.entryId)
      entriesOf.set(parsed.data.userId, entries)
    } else if (event.type === 'EntryRefunded') {
      const parsed = entryEvents.EntryRefunded.safeParse(event.data)
      if (parsed.success) refunded.add(parsed.data.entryId)
    }
  }
  const userIds = [...entriesOf].filter(([, entries]) => [...entries].some((id) => !refunded.has(id)))
  return { title, userIds: userIds.map(([userId]) => userId) }
}

/**
 * Tells every entrant of an undersold competition its new end date (CompetitionEndDateExtended):
 * one email per entrant, queued in the mail outbox under a key per competition and entrant, so a
 * replay or a retry after a failure half-way queues nothing twice. An erased entrant gets nothing.
 */
export function createExtensionEmailReactor(options: ExtensionEmailOptions): Reactor {
  const { store, knex, outbox, publicUrl } = options
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const logger = options.logger.child({ reactor: extensionEmailName })

  async function react(event: RecordedEvent): Promise<void> {
    const log = logger.child({ eventId: event.id, streamId: event.streamId })
    const parsed = competitionEvents.CompetitionEndDateExtended.safeParse(event.data)
    if (!parsed.success) return void log.error('unreadable CompetitionEndDateExtended; no email')
    const { competitionId, previousEndDate, endDate } = parsed.data
    if (event.streamId !== competitionStream(competitionId))
      return void log.error('an extension on another stream; no email')
    const events = await store.readStream(event.streamId, { limit: Number(event.revision) + 1 })
    const { title, userIds } = entrantsAtExtension(events)
    for (const userId of userIds) {
      const recipient = await entrantRecipient({ store, userKeys }, userId, log)
      if (!recipient) continue
      const mail = endDateExtendedEmail({
        firstName: recipient.firstName,
        competitionId,
        competitionTitle: title ?? 'The competition',
        previousEndDate,
        endDate,
        publicUrl,
      })
      await outbox.enqueue({
        key: extensionEmailKey(competitionId, userId),
        template: endDateExtendedTemplate,
        userId,
        mail: { to: recipient.to, ...mail },
      })
    }
    log.info({ competitionId, entrants: userIds.length }, 'entrants told of the new end date')
  }

  return {
    name: extensionEmailName,
    filter: { streamPrefixes: [competitionStreamPrefix], eventTypes: ['CompetitionEndDateExtended'] },
    react,
  }
}

export function startExtensionEmail(options: ExtensionEmailOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createExtensionEmailReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
