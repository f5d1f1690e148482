import { creditCardLimitCode, creditCardLimitMessage } from '@prizes/contracts'
import { DomainError } from '@prizes/domain'
import type { CommandContext } from '../event-metadata'
import { giveCreditBack, holdCredit, markCreditCaptured } from '../payments/credit-limit'
import { type PaymentIntent, PaymentIntentNotCapturable } from '../payments/port'
import type { EntryDeps } from './deps'
import { releaseReservation } from './entries'
import { PaymentNotSucceeded } from './errors'

/**
 * The card was a credit card and its payment would pass the monthly credit card limit: the
 * authorisation was cancelled (nothing taken) and the entry's reservation released.
 */
export class CreditCardLimitReached extends DomainError<typeof creditCardLimitCode> {
  readonly code = creditCardLimitCode
  constructor(
    readonly paymentIntentId: string,
    readonly remainingPence: number,
  ) {
    super(creditCardLimitMessage(remainingPence))
  }
}

/**
 * Funding types the monthly limit applies to. A card whose funding the network did not report
 * counts as credit: the limit must hold whatever the card turns out to be.
 */
const capped = (funding: PaymentIntent['funding']) => funding !== 'debit' && funding !== 'prepaid'

interface IntentOwner {
  readonly competitionId: string
  readonly entryId: string
  readonly userId: string
}

/**
 * An authorised (`requires_capture`) intent, settled: a debit or prepaid card is captured; a
 * credit card is captured only once its amount is held on the user's monthly credit card ledger
 * within the limit. Over the limit, the intent is cancelled (the hold on the card released,
 * nothing taken), the entry's reservation released with the reason `credit_card_limit`, and
 * CreditCardLimitReached thrown. Safe to repeat and to race (confirm-payment and the webhook):
 * the ledger answers the first decision for the intent, the capture takes once.
 */
export async function captureWithinCreditLimit(
  deps: EntryDeps,
  intent: PaymentIntent,
  owner: IntentOwner,
  context: CommandContext,
): Promise<PaymentIntent> {
  if (!capped(intent.funding)) return deps.payments.captureIntent(intent.id)
  const hold = await holdCredit(deps.knex, {
    paymentIntentId: intent.id,
    userId: owner.userId,
    amountPence: intent.amountPence,
    now: context.now,
  })
  if (hold.status === 'refused') return refuse(deps, intent.id, owner, hold.remainingPence, context)
  if (hold.status !== 'held' && hold.status !== 'captured') {
    throw new PaymentNotSucceeded(intent.id, intent.status, null)
  }
  let captured: PaymentIntent
  try {
    captured = await deps.payments.captureIntent(intent.id)
  } catch (error) {
    if (!(error instanceof PaymentIntentNotCapturable)) throw error
    // Cancelled meanwhile (the reservation ended, the entrant was erased): nothing was taken.
    await giveCreditBack(deps.knex, intent.id, 'released')
    throw new PaymentNotSucceeded(intent.id, error.status, null)
  }
  await markCreditCaptured(deps.knex, intent.id)
  return captured
}

async function refuse(
  deps: EntryDeps,
  paymentIntentId: string,
  owner: IntentOwner,
  remainingPence: number,
  context: CommandContext,
): Promise<never> {
  await deps.payments.voidAuthorisation(paymentIntentId)
  await releaseReservation(
    deps,
    { competitionId: owner.competitionId, entryId: owner.entryId, reason: 'credit_card_limit' },
    context,
  )
  deps.logger.info({ ...owner, paymentIntentId, remainingPence }, 'credit card limit reached; not captured')
  throw new CreditCardLimitReached(paymentIntentId, remainingPence)
}
