import { creditCardLimitCode, creditCardLimitMessage } from '@prizes/contracts'
import { DomainError } from '@prizes/domain'
import { type PaymentIntent, PaymentIntentNotCapturable } from '@prizes/payments'
import { giveCreditBack, holdCredit, markCreditCaptured } from '../credit-limit'
import type { CommandContext } from '../event-metadata'
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
 * Before an authorised (`requires_capture`) intent's tickets are allocated: a credit card's
 * amount is held on the user's monthly credit card ledger, within the limit. Over the limit,
 * the intent is cancelled (the hold on the card released, nothing taken), the entry's
 * reservation released with the reason `credit_card_limit`, and CreditCardLimitReached thrown.
 * A debit or prepaid card holds nothing. Safe to repeat and to race (confirm-payment and the
 * webhook): the ledger answers the first decision for the intent.
 */
export async function holdWithinCreditLimit(
  deps: EntryDeps,
  intent: PaymentIntent,
  owner: IntentOwner,
  context: CommandContext,
): Promise<void> {
  if (!capped(intent.funding)) return
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
}

/**
 * Takes the money of an authorised intent whose tickets are allocated, once: the provider's
 * capture is idempotent (an intent captured already answers as it is), so a retry, a race with
 * the webhook or the capture reactor after a crash never takes twice. The ledger's hold becomes
 * captured.
 */
export async function captureAllocated(deps: Pick<EntryDeps, 'knex' | 'payments'>, paymentIntentId: string) {
  const captured = await deps.payments.captureIntent(paymentIntentId)
  await markCreditCaptured(deps.knex, paymentIntentId)
  return captured
}

/**
 * Voids an authorised intent whose entry got no tickets: the hold on the card is released and
 * nothing is taken; its credit card amount goes back to the month. A repeat changes nothing.
 */
export async function voidUnallocated(deps: Pick<EntryDeps, 'knex' | 'payments'>, paymentIntentId: string) {
  try {
    await deps.payments.voidAuthorisation(paymentIntentId)
  } catch (error) {
    // Captured after all (a payment taken before manual capture): the refund of PaymentRefundDue covers it.
    if (!(error instanceof PaymentIntentNotCapturable)) throw error
  }
  await giveCreditBack(deps.knex, paymentIntentId, 'released')
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
