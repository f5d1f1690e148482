import { type UserEntry, userStream } from '@prizes/contracts'
import { userDecider } from '@prizes/domain'
import type { CommandContext } from '../event-metadata'
import { creditHoldOf } from '../payments/credit-limit'
import { type PaymentIntent, PaymentIntentNotFound } from '../payments/port'
import { allocateEntry } from './allocate'
import { CreditCardLimitReached, captureWithinCreditLimit } from './credit-card-limit'
import type { EntryDeps } from './deps'
import { PaymentNotFound, PaymentNotSucceeded, PaymentProcessing } from './errors'

export interface ConfirmEntryPayment {
  readonly paymentIntentId: string
  /** The signed-in caller; the intent must be theirs. Absent for the provider's webhook. */
  readonly userId?: string
}

async function retrieve(deps: EntryDeps, paymentIntentId: string): Promise<PaymentIntent> {
  try {
    return await deps.payments.retrieveIntent(paymentIntentId)
  } catch (error) {
    if (error instanceof PaymentIntentNotFound) throw new PaymentNotFound(paymentIntentId)
    throw error
  }
}

/**
 * Turns an authorised or succeeded payment into numbered tickets (confirm-payment and the
 * webhook alike). The provider is asked, never the client; the competition and entry come from
 * the metadata we attached to the intent. An authorised card is captured first, a credit card
 * only within the monthly credit card limit (`captureWithinCreditLimit`): over it, nothing is
 * taken and the answer is CreditCardLimitReached, again on every later confirmation. Confirming
 * twice, or a webhook racing a confirm, captures and allocates once and answers the same entry
 * (see `allocateEntry`). A payment the provider is still deciding is PaymentProcessing (the web
 * asks again), never a failure. An erased entrant's payment is never allocated: it is owed back
 * (PaymentToBeRefunded) and the refund reactor returns it. The erasure releases their
 * reservations first, so a confirmation racing it is owed back too (see
 * `releaseErasedUserReservations`).
 */
export async function confirmEntryPayment(
  deps: EntryDeps,
  input: ConfirmEntryPayment,
  context: CommandContext,
): Promise<UserEntry> {
  const { paymentIntentId } = input
  const intent = await retrieve(deps, paymentIntentId)
  const { competitionId, entryId, userId } = intent.metadata
  if (competitionId === undefined || entryId === undefined || userId === undefined) {
    throw new PaymentNotFound(paymentIntentId)
  }
  if (input.userId !== undefined && input.userId !== userId) throw new PaymentNotFound(paymentIntentId)
  if (intent.status === 'processing') throw new PaymentProcessing(paymentIntentId)
  const paid =
    intent.status === 'requires_capture'
      ? await captureWithinCreditLimit(deps, intent, { competitionId, entryId, userId }, context)
      : intent
  if (paid.status === 'canceled') {
    const hold = await creditHoldOf(deps.knex, paymentIntentId)
    if (hold?.status === 'refused') throw new CreditCardLimitReached(paymentIntentId, hold.remainingPence)
  }
  if (paid.status !== 'succeeded') throw new PaymentNotSucceeded(paymentIntentId, paid.status, paid.lastError)
  const userErased = (await deps.handler.load(userStream(userId), userDecider)).status === 'erased'
  return allocateEntry(deps, { competitionId, entryId, paymentIntentId, userErased }, context)
}
