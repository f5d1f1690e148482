import { competitionStream, type UserEntry, userStream } from '@prizes/contracts'
import { competitionDecider, userDecider } from '@prizes/domain'
import { type PaymentIntent, PaymentIntentNotCapturable, PaymentIntentNotFound } from '@prizes/payments'
import { creditHoldOf } from '../credit-limit'
import type { CommandContext } from '../event-metadata'
import { allocateEntry } from './allocate'
import {
  CreditCardLimitReached,
  captureAllocated,
  holdWithinCreditLimit,
  voidUnallocated,
} from './credit-card-limit'
import type { EntryDeps } from './deps'
import { PaymentNotFound, PaymentNotSucceeded, PaymentNotTaken, PaymentProcessing } from './errors'

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
 * the metadata we attached to the intent.
 *
 * An authorised card is allocated first and captured after (DESIGN section 7, point 4): a credit
 * card's amount is held within the monthly credit card limit (`holdWithinCreditLimit`; over it,
 * nothing is taken and the answer is CreditCardLimitReached, again on every later
 * confirmation), then the tickets are allocated, then the money is taken (`captureAllocated`).
 * An entry that cannot be allocated (sold out, closed, capped, an erased entrant) is voided, never
 * captured and refunded: PaymentNotTaken. A payment captured before allocation (intents made
 * before manual capture) is allocated, or owed back (PaymentToBeRefunded) and the refund reactor
 * returns it.
 *
 * Confirming twice, or a webhook racing a confirm, allocates and captures once and answers the
 * same entry (see `allocateEntry`). A payment the provider is still deciding is
 * PaymentProcessing (the web asks again), never a failure. The erasure releases an erased
 * entrant's reservations first, so a confirmation racing it gets no tickets either (see
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
  const owner = { competitionId, entryId, userId }
  if (intent.status === 'requires_capture') return allocateThenCapture(deps, intent, owner, context)
  if (intent.status === 'canceled') {
    const hold = await creditHoldOf(deps.knex, paymentIntentId)
    if (hold?.status === 'refused') throw new CreditCardLimitReached(paymentIntentId, hold.remainingPence)
    // Voided because no tickets were left: the same answer as when it was voided.
    const competition = await deps.handler.load(competitionStream(competitionId), competitionDecider)
    if (competition.exists && competition.entries.get(entryId)?.status === 'voided') {
      throw new PaymentNotTaken(entryId)
    }
  }
  if (intent.status !== 'succeeded') {
    throw new PaymentNotSucceeded(paymentIntentId, intent.status, intent.lastError)
  }
  const userErased = await isErased(deps, userId)
  return allocateEntry(deps, { competitionId, entryId, paymentIntentId, userErased }, context)
}

const isErased = async (deps: EntryDeps, userId: string) =>
  (await deps.handler.load(userStream(userId), userDecider)).status === 'erased'

async function allocateThenCapture(
  deps: EntryDeps,
  intent: PaymentIntent,
  owner: { readonly competitionId: string; readonly entryId: string; readonly userId: string },
  context: CommandContext,
): Promise<UserEntry> {
  await holdWithinCreditLimit(deps, intent, owner, context)
  const { competitionId, entryId } = owner
  const paymentIntentId = intent.id
  const userErased = await isErased(deps, owner.userId)
  let entry: UserEntry
  try {
    entry = await allocateEntry(
      deps,
      { competitionId, entryId, paymentIntentId, userErased, authorised: true },
      context,
    )
  } catch (error) {
    if (error instanceof PaymentNotTaken) await voidUnallocated(deps, paymentIntentId)
    throw error
  }
  try {
    await captureAllocated(deps, paymentIntentId)
  } catch (error) {
    if (!(error instanceof PaymentIntentNotCapturable)) throw error
    // The authorisation lapsed or was cancelled after the tickets were allocated: nothing taken.
    deps.logger.error(
      { err: error, ...owner, paymentIntentId },
      'tickets allocated but the payment could not be captured',
    )
    throw new PaymentNotSucceeded(paymentIntentId, error.status, null)
  }
  return entry
}
