import { entryMessages } from '@prizes/contracts'

/** SPEC section 8: what the entry flow says when neither the server nor the provider said anything. */
export const entryFlowMessages = {
  loginFailed: 'Login failed',
  createAccountFailed: 'Failed to create account',
  createIntentFailed: 'Failed to create payment intent',
  confirmFailed: 'Failed to confirm payment',
  paymentFailed: entryMessages.paymentFailed,
  processFailed: 'Failed to process entry',
  /** Stripe's wording when the bank's check is failed or abandoned. */
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const

/** An actor's failure as a sentence: its own message when it has one, else the fallback. */
export function messageFrom(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message
  return fallback
}
