import { competitionEvents, competitionStream, competitionStreamPrefix } from '@prizes/contracts'
import { type EventStore, type RecordedEvent, streamPages } from '@prizes/event-store'
import { type PaymentProvider, PaymentProviderUnavailable, RefundRefused } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import type { MailOutbox } from '../../mail/outbox'
import { competitionCancelledEmail } from '../../mail/templates/cancellation-emails'
import { refundIdempotencyKey } from '../entries/refund-reactor'
import { entrantRecipient } from '../mail/recipient'
import { CannotReact, type Reactor, type RunningReactor, startReactor } from '../runner'
import { knexUserKeyReader, type UserKeyReader } from '../user-keys'
import { cancelledCompetition, learn, type PaidEntry, paidEntryOf } from './cancelled-entries'
import type { LifecycleCommands } from './commands'

export interface CancellationRefundOptions {
  readonly store: EventStore
  /** `reactor_checkpoints`, `user_keys`. */
  readonly knex: Knex
  readonly logger: Logger
  readonly payments: PaymentProvider
  readonly commands: Pick<LifecycleCommands, 'recordRefund'>
  /** Where the emails are queued; a sender sends them. */
  readonly outbox: MailOutbox
  /** PUBLIC_URL, for the link back to the site. */
  readonly publicUrl: string
  readonly userKeys?: UserKeyReader
  readonly now?: () => Date
  readonly retryDelayMs?: number
  /** Attempts at an event before it is parked (the runner's default unless given). */
  readonly maxAttempts?: number
  /** Events read at a time from the competition's stream (`streamPages`' default unless given). */
  readonly pageSize?: number
}

export const cancellationRefundsName = 'competition-cancellation-refunds'
export const cancellationRefundReason = 'competition_cancelled'
/** The template name in `mail_outbox`. */
export const competitionCancelledTemplate = 'competition-cancelled'

/** The outbox key of one entry's cancellation email: one per entry, whatever the events. */
export const cancellationEmailKey = (entryId: string) => `${competitionCancelledTemplate}:${entryId}`

/**
 * On CompetitionCancelled, gives every paid entry its money back: each entry not yet refunded is
 * refunded in full through the provider under `refund-<entryId>` (the key the other refunds use,
 * so no entry is ever refunded twice) and recorded as EntryRefunded with reason
 * `competition_cancelled`, which the entries read model shows. A failure throws and the runner
 * handles the cancellation again: refunds made stay made (same key, same refund) and recorded
 * ones are skipped. Then each entrant refunded for the cancellation is emailed: queued in the
 * mail outbox under one key per entry before the checkpoint moves, so at least once and never
 * queued twice. A refund the provider refuses (a disputed charge) does not stop the others:
 * they are refunded and emailed, and then the cancellation is parked naming the refused
 * entries, for an admin to retry (the refunded ones are skipped then) or resolve.
 */
export function createCancellationRefundReactor(options: CancellationRefundOptions): Reactor {
  const { store, knex, payments, commands, outbox, publicUrl } = options
  const now = options.now ?? (() => new Date())
  const userKeys = options.userKeys ?? knexUserKeyReader(knex)
  const logger = options.logger.child({ reactor: cancellationRefundsName })
  const pages = options.pageSize === undefined ? {} : { pageSize: options.pageSize }

  async function refund(event: RecordedEvent, competitionId: string, entry: PaidEntry): Promise<PaidEntry> {
    const made = await payments.refund({
      paymentIntentId: entry.paymentIntentId,
      idempotencyKey: refundIdempotencyKey(entry.entryId),
    })
    await commands.recordRefund(
      {
        competitionId,
        entryId: entry.entryId,
        amountPence: made.amountPence,
        paymentIntentId: entry.paymentIntentId,
        refundId: made.id,
        reason: cancellationRefundReason,
      },
      { actor: { system: cancellationRefundsName }, now: now(), causationId: event.id },
    )
    logger.info(
      { competitionId, entryId: entry.entryId, refundId: made.id },
      'entry refunded: competition cancelled',
    )
    return { ...entry, refund: { amountPence: made.amountPence, reason: cancellationRefundReason } }
  }

  async function email(entry: PaidEntry, refundedPence: number, title: string): Promise<void> {
    const log = logger.child({ entryId: entry.entryId, userId: entry.userId })
    const recipient = await entrantRecipient({ store, userKeys }, entry.userId, log)
    if (!recipient) return
    const mail = competitionCancelledEmail({
      firstName: recipient.firstName,
      competitionTitle: title,
      entryReference: entry.entryReference,
      refundedPence,
      publicUrl,
    })
    const queued = await outbox.enqueue({
      key: cancellationEmailKey(entry.entryId),
      template: competitionCancelledTemplate,
      userId: entry.userId,
      mail: { to: recipient.to, ...mail },
    })
    log.info({ queued }, 'cancellation email')
  }

  return {
    name: cancellationRefundsName,
    filter: { streamPrefixes: [competitionStreamPrefix], eventTypes: ['CompetitionCancelled'] },
    async react(event) {
      const parsed = competitionEvents.CompetitionCancelled.safeParse(event.data)
      if (!parsed.success) return void logger.error({ eventId: event.id }, 'unreadable CompetitionCancelled')
      const { competitionId } = parsed.data
      if (event.streamId !== competitionStream(competitionId))
        return void logger.error({ eventId: event.id }, 'cancellation on another stream')
      // Two passes a page at a time: the title and the refunds recorded, then each paid entry.
      const competition = cancelledCompetition()
      for await (const page of streamPages(store, event.streamId, pages))
        for (const e of page) learn(competition, e)
      const title = competition.title ?? 'the competition'
      const refused: RefundRefused[] = []
      let refunded = 0
      for await (const page of streamPages(store, event.streamId, { ...pages, to: event.revision })) {
        for (const e of page) {
          const entry = paidEntryOf(competition, e)
          if (!entry) continue
          let settled: PaidEntry
          try {
            settled = entry.refund ? entry : await refund(event, competitionId, entry)
          } catch (error) {
            if (!(error instanceof RefundRefused)) throw error
            logger.error(
              { err: error, competitionId, entryId: entry.entryId },
              'refund refused by the provider',
            )
            refused.push(error)
            continue
          }
          refunded += 1
          if (!settled.refund) continue
          // A second allocation event of the same entry (none is written, but a log may hold
          // one) then finds it refunded.
          competition.refunds.set(settled.entryId, settled.refund)
          if (settled.refund.reason === cancellationRefundReason)
            await email(settled, settled.refund.amountPence, title)
        }
      }
      logger.info(
        { competitionId, refunded, refused: refused.length },
        'cancelled competition: paid entries refunded',
      )
      if (refused.length > 0) {
        throw new CannotReact(refused.map((error) => error.message).join('; '), { cause: refused[0] })
      }
    },
    holdsOn: (error) => error instanceof PaymentProviderUnavailable,
  }
}

export function startCancellationRefunds(options: CancellationRefundOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createCancellationRefundReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
  })
}
