import { competitionStream, competitionStreamPrefix, entryEvents } from '@prizes/contracts'
import type { EventStore, RecordedEvent } from '@prizes/event-store'
import { type PaymentProvider, PaymentProviderUnavailable, RefundRefused } from '@prizes/payments'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'
import { CannotReact, type Reactor, type RunningReactor, startReactor } from '../runner'
import type { EntryCommands } from './entry-commands'

export interface RefundReactorOptions {
  readonly store: EventStore
  readonly knex: Knex
  readonly logger: Logger
  readonly payments: PaymentProvider
  readonly commands: Pick<EntryCommands, 'recordRefund' | 'refundRecorded'>
  readonly now?: () => Date
  readonly retryDelayMs?: number
  /** Attempts at an event before it is parked (the runner's default unless given). */
  readonly maxAttempts?: number
}

export const refundReactorName = 'payment-refunds'

/** One refund per entry, whoever asks and however often: the provider returns the first. */
export const refundIdempotencyKey = (entryId: string) => `refund-${entryId}`

/** What a refund event owes: the entry's intent and amount, and the reason to record. */
interface Owed {
  readonly competitionId: string
  readonly entryId: string
  readonly amountPence: number
  readonly paymentIntentId: string
  readonly reason: string
}

/** A PaymentRefundDue or an admin's EntryRefundRequested, read; undefined when unreadable. */
function owedBy(event: RecordedEvent): Owed | undefined {
  const schema =
    event.type === 'EntryRefundRequested' ? entryEvents.EntryRefundRequested : entryEvents.PaymentRefundDue
  const parsed = schema.safeParse(event.data)
  return parsed.success ? parsed.data : undefined
}

/**
 * Gives back money owed: a payment that bought no tickets (PaymentRefundDue), or a paid entry an
 * admin asked to refund (EntryRefundRequested; the admin's request usually completes it at once
 * and this finds it done). Refunds it in full through the provider under the key
 * `refund-<entryId>`, then records EntryRefunded. A crash between the two repeats the refund
 * call, which returns the same refund, and records it then; recording is once per entry. An
 * intent refunded already (at the provider's dashboard) is answered with that refund and
 * recorded. A refund the provider refuses (a disputed charge) is parked at once for an admin;
 * other failures are retried, then parked, so the refunds behind never wait on one; only the
 * provider being unreachable holds them all (they would fail alike).
 */
export function createRefundReactor(options: RefundReactorOptions): Reactor {
  const { payments, commands } = options
  const now = options.now ?? (() => new Date())
  const logger = options.logger.child({ reactor: refundReactorName })
  return {
    name: refundReactorName,
    filter: {
      streamPrefixes: [competitionStreamPrefix],
      eventTypes: ['PaymentRefundDue', 'EntryRefundRequested'],
    },
    async react(event) {
      const owed = owedBy(event)
      if (!owed)
        return void logger.error({ eventId: event.id, type: event.type }, 'unreadable refund; no refund')
      const { competitionId, entryId, amountPence, paymentIntentId, reason } = owed
      const log = logger.child({ competitionId, entryId, paymentIntentId })
      if (event.streamId !== competitionStream(competitionId))
        return void log.error('refund due on another stream')
      // From the competition's state (snapshot and the events since), not a read of the stream.
      if (await commands.refundRecorded({ competitionId, entryId })) return void log.info('already refunded')
      const refund = await payments
        .refund({ paymentIntentId, idempotencyKey: refundIdempotencyKey(entryId) })
        .catch((error: unknown) => {
          throw error instanceof RefundRefused ? new CannotReact(error.message, { cause: error }) : error
        })
      if (refund.amountPence !== amountPence) {
        log.warn({ refunded: refund.amountPence, due: amountPence }, 'the provider refunded another amount')
      }
      await commands.recordRefund(
        {
          competitionId,
          entryId,
          amountPence: refund.amountPence,
          paymentIntentId,
          refundId: refund.id,
          reason,
        },
        {
          actor: { system: refundReactorName },
          now: now(),
          causationId: event.id,
          // An admin's reason stays with their refund in the audit trail.
          ...(event.type === 'EntryRefundRequested' ? { reason } : {}),
        },
      )
      log.info({ refundId: refund.id, amountPence: refund.amountPence }, 'payment refunded')
    },
    holdsOn: (error) => error instanceof PaymentProviderUnavailable,
  }
}

export function startRefundReactor(options: RefundReactorOptions): Promise<RunningReactor> {
  return startReactor({
    store: options.store,
    knex: options.knex,
    logger: options.logger,
    reactor: createRefundReactor(options),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
  })
}
