import type { EntrySubmission, UserEntry } from '@prizes/contracts'

/** What create-payment-intent answers: the provider's handle on the payment, amount in pence. */
export interface PaymentIntentDetails {
  readonly clientSecret: string
  readonly paymentIntentId: string
  readonly amount: number
}

/** The offline provider's card form; null when the provider's own element holds the card (Stripe). */
export interface CardDetails {
  readonly cardNumber: string
  readonly expiry: string
  readonly cvc: string
}

/**
 * What the card provider says about one authorisation attempt. `processing`: the provider has
 * the card and has not decided yet; it is neither taken nor declined, so the flow waits.
 */
export interface PaymentOutcome {
  readonly status: 'succeeded' | 'processing' | 'requires_action' | 'declined'
  readonly message: string
}

/**
 * What confirm-payment answers for an authorised payment. A call that fails without an answer
 * (the network, a timeout, the server or the provider unreachable) is thrown instead: the flow
 * retries it, and never authorises the card again.
 */
export type ConfirmOutcome =
  /** Paid and allocated: the entry with its tickets. */
  | { readonly status: 'confirmed'; readonly entry: UserEntry }
  /** The provider has not decided yet; asked again after a pause. */
  | { readonly status: 'processing' }
  /** The provider says the payment did not go through (no money taken): the entrant may pay again. */
  | { readonly status: 'declined'; readonly message: string }
  /** The entry cannot go on (the reservation expired, the tickets ran out and the payment is owed back). */
  | { readonly status: 'refused'; readonly message: string }
  /**
   * A credit card over the monthly credit card limit: nothing was taken and the reservation is
   * gone; the entrant may pay with another card (a new payment) or start again.
   */
  | { readonly status: 'creditCardLimit'; readonly message: string }

export interface CheckEmailInput {
  readonly email: string
}
export interface LoginInput {
  readonly email: string
  readonly password: string
}
export interface CreateGuestInput {
  readonly submission: EntrySubmission
  /** Made by the caller (the flow itself has no randomness): 12 characters, the password rules met. */
  readonly tempPassword: string
}
/**
 * Whether the account just made or logged into inside the flow must be asked to set or skip a
 * monthly spending limit: it never answered, and is not on a break.
 */
export interface LimitQuestion {
  readonly ask: boolean
}
export interface CreateIntentInput {
  readonly submission: EntrySubmission
  readonly idempotencyKey: string
}
/** The entrant's answer in the authentication step; null before any was asked. */
export type AuthenticationAnswer = 'approved' | 'failed'

export interface AuthorizePaymentInput {
  readonly intent: PaymentIntentDetails
  readonly card: CardDetails | null
  readonly authentication: AuthenticationAnswer | null
}
export interface ConfirmPaymentInput {
  readonly paymentIntentId: string
}

/**
 * A payment authorised before the page was left (a bank's redirect): the flow starts by
 * confirming it, never by authorising it again.
 */
export interface ResumePayment {
  readonly submission: EntrySubmission
  readonly intent: PaymentIntentDetails
}

/** What the flow starts with: nothing, or a payment to resume. */
export interface EntryFlowInput {
  readonly resume?: ResumePayment | null
}

export interface EntryFlowContext {
  /** The details of step 1 as last submitted. */
  readonly submission: EntrySubmission | null
  readonly tempPassword: string
  readonly idempotencyKey: string
  readonly intent: PaymentIntentDetails | null
  /** Which submission the intent was made for, so an unchanged one goes back to it. */
  readonly intentFor: string | null
  readonly card: CardDetails | null
  /** The answer to the authentication step, sent with the card's next confirmation. */
  readonly authentication: AuthenticationAnswer | null
  readonly entry: UserEntry | null
  /** The server's or provider's message for the last failure, else the flow's fallback. */
  readonly error: string | null
  /** Confirm-payment calls in a row that failed without an answer; retried automatically a few times. */
  readonly confirmFailures: number
  /** Checks in a row that found the payment still processing; each waits a little longer. */
  readonly processingChecks: number
  /** The flow started from a payment authorised before the page was left (a redirect's return). */
  readonly resumed: boolean
}

export type EntryFlowEvent =
  | {
      readonly type: 'details.submit'
      readonly submission: EntrySubmission
      /** Whether a session exists now; signed out, the email is checked first. */
      readonly signedIn: boolean
      readonly tempPassword: string
      readonly idempotencyKey: string
    }
  | { readonly type: 'login.submit'; readonly password: string }
  | { readonly type: 'login.useDifferentEmail' }
  /** The monthly spending limit question answered, and recorded by the caller: a limit set, or none. */
  | { readonly type: 'limit.set' }
  | { readonly type: 'limit.skip' }
  | { readonly type: 'payment.back' }
  | { readonly type: 'payment.submit'; readonly card: CardDetails | null }
  | { readonly type: 'authentication.complete' }
  | { readonly type: 'authentication.fail' }
  /** "Try again" after the automatic retries of confirm-payment ran out. */
  | { readonly type: 'confirm.retry' }
  /** "Start again" after the entry could not go on: back to the details, with a new payment. */
  | { readonly type: 'flow.restart' }
  /**
   * "Pay with another card" after the credit card limit refused the payment: a new payment for
   * the same details, under a new idempotency key (the caller's randomness).
   */
  | { readonly type: 'payment.anotherCard'; readonly idempotencyKey: string }
