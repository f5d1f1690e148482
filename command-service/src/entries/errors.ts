import { entryErrorCodes, entryMessages } from '@prizes/contracts'
import { DomainError } from '@prizes/domain'

/**
 * Refusals the command side decides with the provider's answer in hand. They sit beside the
 * domain's entry errors, answered from the same table (contracts' `errorAnswers`).
 */

/** No intent by that id, one this platform did not make, or one of another user. */
export class PaymentNotFound extends DomainError<typeof entryErrorCodes.paymentNotFound> {
  readonly code = entryErrorCodes.paymentNotFound
  constructor(readonly paymentIntentId: string) {
    super('Payment not found')
  }
}

const expiredMessage = 'This payment has expired. Please start your entry again.'

/** The provider does not (yet) say the payment succeeded; its own message when it has one. */
export class PaymentNotSucceeded extends DomainError<
  typeof entryErrorCodes.paymentNotSucceeded | typeof entryErrorCodes.paymentExpired
> {
  /** Unpaid is 402; cancelled by the provider (its reservation ended) is 409, as too late. */
  readonly code: typeof entryErrorCodes.paymentNotSucceeded | typeof entryErrorCodes.paymentExpired
  constructor(
    readonly paymentIntentId: string,
    /** The provider's status: `canceled` means the reservation ended and the entry must restart. */
    readonly intentStatus: string,
    providerMessage: string | null,
  ) {
    super(providerMessage ?? (intentStatus === 'canceled' ? expiredMessage : entryMessages.paymentFailed))
    this.code =
      intentStatus === 'canceled' ? entryErrorCodes.paymentExpired : entryErrorCodes.paymentNotSucceeded
  }
}

/**
 * The provider has the payment and has not decided yet (`processing`): neither taken nor
 * declined, so the entrant's flow waits and asks again rather than offering to pay again.
 */
export class PaymentProcessing extends DomainError<typeof entryErrorCodes.paymentProcessing> {
  readonly code = entryErrorCodes.paymentProcessing
  constructor(readonly paymentIntentId: string) {
    super(entryMessages.paymentProcessing)
  }
}

/**
 * The payment succeeded after its tickets stopped being held and none were left (or the
 * competition closed): no tickets, and the money goes back in full.
 */
export class PaymentToBeRefunded extends DomainError<typeof entryErrorCodes.notEnoughTickets> {
  readonly code = entryErrorCodes.notEnoughTickets
  constructor(
    readonly entryId: string,
    /** Why no tickets: sold out (the default) or the entrant's cap, in the entrant's words. */
    reason = `${entryMessages.notEnoughTickets}.`,
  ) {
    super(`${reason} Your payment will be refunded in full.`)
  }
}

/**
 * The card was authorised after its tickets stopped being held and none were left (or the
 * competition closed, or the entrant's cap): no tickets, and nothing taken; the hold on the card
 * is released.
 */
export class PaymentNotTaken extends DomainError<typeof entryErrorCodes.notEnoughTickets> {
  readonly code = entryErrorCodes.notEnoughTickets
  constructor(
    readonly entryId: string,
    /** Why no tickets: sold out (the default) or the entrant's cap, in the entrant's words. */
    reason = `${entryMessages.notEnoughTickets}.`,
  ) {
    super(`${reason} Your card has not been charged.`)
  }
}

export type EntryPaymentError =
  | PaymentNotTaken
  | PaymentNotFound
  | PaymentNotSucceeded
  | PaymentProcessing
  | PaymentToBeRefunded
