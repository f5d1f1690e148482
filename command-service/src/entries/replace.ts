import type { CommandContext } from '../event-metadata'
import type { EntryDeps } from './deps'
import { runEntryCommand } from './stream'

/**
 * An entrant who went back and changed their details starts a new payment; the tickets of the
 * attempt it replaces are given back at once instead of being held until the reservation
 * expires. The old intent is cancelled first, so it can never be paid afterwards; if the
 * provider says it was paid meanwhile (or cannot be reached), nothing is released and the
 * usual paths (confirm-payment, the webhook, the expiry reactor) allocate or refund it. Only the
 * same user's attempt on the same competition is touched, and never a paid one: the decider
 * releases only an entry that is still reserved.
 */
export async function releaseReplacedAttempt(
  deps: Pick<EntryDeps, 'handler' | 'payments' | 'logger'>,
  attempt: { readonly userId: string; readonly competitionId: string; readonly paymentIntentId: string },
  context: CommandContext,
): Promise<void> {
  const { userId, competitionId, paymentIntentId } = attempt
  const log = deps.logger.child({ paymentIntentId, competitionId })
  try {
    const before = await deps.payments.retrieveIntent(paymentIntentId)
    const { entryId } = before.metadata
    if (before.metadata.userId !== userId || before.metadata.competitionId !== competitionId || !entryId) {
      log.warn('a replaced intent that is not this entrant’s attempt on this competition; left alone')
      return
    }
    if (before.status === 'succeeded' || before.status === 'processing') return
    if (before.status !== 'canceled') await deps.payments.cancelIntent(paymentIntentId)
    const after = await deps.payments.retrieveIntent(paymentIntentId)
    if (after.status !== 'canceled') return
    await runEntryCommand(
      deps.handler,
      {
        type: 'ReleaseReservation',
        data: { competitionId, entryId, reason: 'replaced' },
        metadata: { now: context.now },
      },
      context,
    )
  } catch (error) {
    // The new attempt goes ahead either way; the old reservation then expires as before.
    log.warn({ err: error }, 'could not give back the replaced attempt’s tickets; they expire instead')
  }
}
