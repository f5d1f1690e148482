import type { Competition, CompetitionEvent } from '@prizes/domain'
import type { EntryDeps } from './deps'

/**
 * The intent of the reservation a new one replaced (the decider gives up a user's unpaid
 * reservation when they ask again; see `reserveTickets`), so it is cancelled now rather than
 * left payable. Best effort: if the provider cannot be reached, or the intent was paid just
 * before, that payment still reaches confirm-payment, the webhook or the expiry reactor (which
 * keeps a replaced reservation due until its expiry, then asks the provider and cancels), and
 * is allocated while tickets remain, else owed back and refunded.
 */
export async function cancelReplacedIntent(
  deps: Pick<EntryDeps, 'payments' | 'logger'>,
  competition: Competition,
  events: readonly CompetitionEvent[],
): Promise<void> {
  for (const event of events) {
    if (event.type !== 'ReservationReleased' || event.data.reason !== 'replaced') continue
    const paymentIntentId = competition.entries.get(event.data.entryId)?.paymentIntentId
    if (paymentIntentId) await cancelQuietly(deps, paymentIntentId)
  }
}

/** The caller's answer does not wait on it: an intent left open is dealt with as described above. */
export async function cancelQuietly(
  deps: Pick<EntryDeps, 'payments' | 'logger'>,
  paymentIntentId: string,
): Promise<void> {
  try {
    await deps.payments.cancelIntent(paymentIntentId)
  } catch (error) {
    deps.logger.error({ err: error, paymentIntentId }, 'could not cancel an intent whose reservation ended')
  }
}
