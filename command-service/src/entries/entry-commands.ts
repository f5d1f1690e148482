import { competitionStream } from '@prizes/contracts'
import { competitionDecider } from '@prizes/domain'
import type { Logger } from '@prizes/platform'
import type { CommandContext } from '../event-metadata'
import { confirmEntryPayment } from './confirm'
import { CreditCardLimitReached } from './credit-card-limit'
import type { EntryDeps } from './deps'
import { recordRefund, releaseReservation } from './entries'
import { PaymentNotFound, PaymentNotSucceeded, PaymentNotTaken, PaymentToBeRefunded } from './errors'

/** One refund per entry, whoever asks and however often: the provider returns the first. */
export const refundIdempotencyKey = (entryId: string) => `refund-${entryId}`

/**
 * The entry commands the reactors send, as small callbacks so the reactors are tested without
 * the entries slice. `entryCommandsOf(deps)` gives the real ones.
 */
export interface EntryCommands {
  /** Gives up an unpaid reservation; nothing when it is already allocated or released. */
  releaseReservation(
    input: { readonly competitionId: string; readonly entryId: string; readonly reason: 'expired' },
    context: CommandContext,
  ): Promise<unknown>
  /** Records a refund the provider made; once per entry. */
  recordRefund(
    input: {
      readonly competitionId: string
      readonly entryId: string
      readonly amountPence: number
      readonly paymentIntentId: string
      readonly refundId: string
      readonly reason: string
    },
    context: CommandContext,
  ): Promise<unknown>
  /**
   * Whether the entry's refund is recorded, from the competition's state as the handler holds it
   * (its snapshot and the events since: no walk of a stream an entry long).
   */
  refundRecorded(input: { readonly competitionId: string; readonly entryId: string }): Promise<boolean>
}

export function entryCommandsOf(deps: EntryDeps): EntryCommands {
  return {
    releaseReservation: (input, context) => releaseReservation(deps, input, context),
    // The entry knows its amount and intent; the provider's refund id and the reason are news.
    recordRefund: ({ competitionId, entryId, refundId, reason }, context) =>
      recordRefund(deps, { competitionId, entryId, refundId, reason }, context),
    async refundRecorded({ competitionId, entryId }) {
      const state = await deps.handler.load(competitionStream(competitionId), competitionDecider)
      return state.exists && state.entries.get(entryId)?.status === 'refunded'
    },
  }
}

/**
 * What the webhook, the offline card form and the expiry reactor call when an intent was
 * authorised or succeeded: confirm-payment's allocation and capture, which is idempotent. An
 * authorisation that came too late for tickets is voided (nothing taken), a payment taken
 * before allocation is recorded as owed back (the refund reactor returns it), and a credit card
 * over the monthly limit is cancelled (nothing taken): outcomes, not failures.
 * An intent that is not ours (no entry in its metadata) is acknowledged and logged, so the
 * provider stops redelivering it; anything else throws, so the caller's retry comes back.
 */
export function allocatePaidEntry(
  deps: EntryDeps,
  options: { readonly logger: Logger; readonly now?: () => Date; readonly system?: string },
): (paymentIntentId: string) => Promise<void> {
  const now = options.now ?? (() => new Date())
  const actor = { system: options.system ?? 'payments' }
  return async function allocate(paymentIntentId: string): Promise<void> {
    try {
      await confirmEntryPayment(deps, { paymentIntentId }, { actor, now: now() })
    } catch (error) {
      if (
        error instanceof PaymentToBeRefunded ||
        error instanceof PaymentNotTaken ||
        error instanceof CreditCardLimitReached
      )
        return
      if (error instanceof PaymentNotFound || error instanceof PaymentNotSucceeded) {
        options.logger.warn(
          { err: error, paymentIntentId },
          'succeeded notification for no payable entry; ignored',
        )
        return
      }
      throw error
    }
  }
}
