import { competitionStreamPrefix, entryEvents, eventMetadata } from '@prizes/contracts'
import type { CompetitionState } from '@prizes/domain'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { entrantRecipient } from '../account-mail/recipient'
import type { MailOutbox } from '../mail/outbox'
import { entryRefundedEmail } from '../mail/templates/refund-emails'
import { type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'

export interface RefundEmailOptions {
  readonly store: EventStore
  /** `reactor_checkpoints`, `user_keys`. */
  readonly knex: Knex
  readonly outbox: MailOutbox
  /** PUBLIC_URL, for the link back to the site. */
  readonly publicUrl: string
  readonly logger: Logger
  /** The competition's state (the command handler's cached, snapshotted load). */
  readonly loadCompetition: (competitionId: string) => Promise<CompetitionState>
  readonly userKeys?: UserKeyReader
  readonly retryDelayMs?: number
}

export const refundEmailName = 'entry-refund-email'

/** The outbox key of an admin refund's email: one per entry, whatever the events or retries. */
export const refundEmailKey = (entryId: string) => `${refundEmailName}:${entryId}`

/** The admin's reason when an admin asked for the refund (the cancellation reactor emails its own). */
function adminReason(event: RecordedEvent): string | undefined {
  const metadata = eventMetadata.safeParse(event.metadata)
  if (!metadata.success) return undefined
  const { actor, reason } = metadata.data
  return 'role' in actor && actor.role === 'admin' ? (reason ?? '') : undefined
}

/**
 * Emails the entrant when an admin refunds their entry: the competition, the reference, the
 * amount and the admin's reason. Queued in the mail outbox under one key per entry before the
 * checkpoint moves, so at least once and never twice.
 */
export function createRefundEmailReactor(options: RefundEmailOptions): Reactor {
  const { store, knex, outbox, publicUrl } = options
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const logger = options.logger.child({ reactor: refundEmailName })

  async function react(event: RecordedEvent): Promise<void> {
    const given = adminReason(event)
    if (given === undefined) return
    const log = logger.child({ eventId: event.id, streamId: event.streamId })
    const parsed = entryEvents.EntryRefunded.safeParse(event.data)
    if (!parsed.success) return void log.warn('unreadable EntryRefunded; no email')
    const { competitionId, entryId, amountPence, reason } = parsed.data
    const competition = await options.loadCompetition(competitionId)
    const entry = competition.exists ? competition.entries.get(entryId) : undefined
    if (!competition.exists || !entry)
      return void log.error({ entryId }, 'refunded entry not found; no email')
    const recipient = await entrantRecipient({ store, userKeys }, entry.userId, log)
    if (!recipient) return
    const mail = entryRefundedEmail({
      firstName: recipient.firstName,
      competitionTitle: competition.details.title,
      entryReference: entry.entryReference,
      refundedPence: amountPence,
      reason: given || reason,
      publicUrl,
    })
    const queued = await outbox.enqueue({
      key: refundEmailKey(entryId),
      template: refundEmailName,
      userId: entry.userId,
      mail: { to: recipient.to, ...mail },
    })
    log.info({ entryId, queued }, 'refund email')
  }

  return {
    name: refundEmailName,
    filter: { streamPrefixes: [competitionStreamPrefix], eventTypes: ['EntryRefunded'] },
    react,
  }
}

export function startRefundEmailReactor(options: RefundEmailOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createRefundEmailReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  })
}
