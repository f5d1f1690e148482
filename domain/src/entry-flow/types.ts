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

/** What the card provider says about one confirmation attempt. */
export interface PaymentOutcome {
  readonly status: 'succeeded' | 'requires_action' | 'declined'
  readonly message: string
}

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
  | { readonly type: 'payment.back' }
  | { readonly type: 'payment.submit'; readonly card: CardDetails | null }
  | { readonly type: 'authentication.complete' }
  | { readonly type: 'authentication.fail' }
