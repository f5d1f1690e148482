import type { CardFunding } from '../port'

/**
 * Stripe's test cards, as the offline provider answers them
 * (https://docs.stripe.com/testing), and two of this platform's own for what a real provider
 * does now and then. Pure, so the rules are tested without a database.
 *
 * - 4242 4242 4242 4242 succeeds as a credit card; 4000 0566 5566 5556 succeeds as a debit
 *   card; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for authentication first
 *   (Stripe's, a credit card).
 * - 4000 0000 0000 7700 is taken as `processing`: the provider answers processing to the next
 *   `processingChecks` status checks, then succeeded.
 * - 4000 0000 0000 8807 succeeds, then the provider fails to answer the next
 *   `retrieveFailuresAfterCharge` status checks: the allocation the card form starts itself and
 *   the browser's first confirm-payment, which answers an error; the next one works.
 *
 * A card that succeeds is authorised (the money held); the server captures it (see the port).
 * The platform's own two cards are debit cards, so the monthly credit card limit never gets in
 * the way of what they test.
 */
export const testCards = {
  succeeds: '4242424242424242',
  debit: '4000056655665556',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
  processing: '4000000000007700',
  confirmFailsOnce: '4000000000008807',
} as const

/** Status checks of a 7700 payment that still answer processing. */
export const processingChecks = 2

/** Status checks after an 8807 charge that fail: the card form's own allocation, then confirm-payment. */
export const retrieveFailuresAfterCharge = 2

export const cardMessages = {
  succeeded: 'Payment succeeded',
  processing: 'Your payment is being processed.',
  declined: 'Your card was declined.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  authenticationRequired: 'This payment needs authentication. Confirm it with your bank to continue.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const

/** Each test card's funding type, as the card network reports it to the provider. */
export const testCardFunding: Readonly<Record<(typeof testCards)[keyof typeof testCards], CardFunding>> = {
  [testCards.succeeds]: 'credit',
  [testCards.debit]: 'debit',
  [testCards.declined]: 'credit',
  [testCards.requiresAuthentication]: 'credit',
  [testCards.processing]: 'debit',
  [testCards.confirmFailsOnce]: 'debit',
}

export type CardVerdict =
  | { readonly kind: 'succeeds'; readonly funding: CardFunding }
  | { readonly kind: 'processing'; readonly funding: CardFunding }
  | { readonly kind: 'succeeds_then_unreachable'; readonly funding: CardFunding }
  | { readonly kind: 'requires_authentication'; readonly funding: CardFunding }
  | { readonly kind: 'refused'; readonly message: string }

export interface TestCard {
  readonly cardNumber: string
  /** MM/YY, as the contract's `testCardRequest` checks it. */
  readonly expiry: string
  /** The entrant's answer to the authentication step; absent on a first attempt. */
  readonly authentication?: 'approved' | 'failed' | undefined
}

/** Spaces and dashes are how people type card numbers; they are not part of it. */
export const normaliseCardNumber = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '')

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())
  if (!match) return true
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return true
  const firstDayAfter = Date.UTC(year, month, 1)
  return now.getTime() >= firstDayAfter
}

/** What the card does to a confirmation: the number is checked first, then the expiry. */
export function judgeCard(card: TestCard, now: Date): CardVerdict {
  const number = normaliseCardNumber(card.cardNumber)
  const known = Object.values(testCards).find((n) => n === number)
  if (known === undefined) return { kind: 'refused', message: cardMessages.incorrectNumber }
  if (isExpired(card.expiry, now)) return { kind: 'refused', message: cardMessages.expired }
  const funding = testCardFunding[known]
  if (known === testCards.declined) return { kind: 'refused', message: cardMessages.declined }
  if (known === testCards.requiresAuthentication) return { kind: 'requires_authentication', funding }
  if (known === testCards.processing) return { kind: 'processing', funding }
  if (known === testCards.confirmFailsOnce) return { kind: 'succeeds_then_unreachable', funding }
  return { kind: 'succeeds', funding }
}
