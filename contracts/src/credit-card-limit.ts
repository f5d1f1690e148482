import { formatPence } from './bounds'

/**
 * Issue 14 item 4: payments by credit card are capped per person and calendar month
 * (Europe/London). The card is authorised first and captured only within the cap; a payment
 * that would pass it is cancelled (nothing taken) and refused with what is left this month.
 */
export const creditCardMonthlyLimitPence = 25_000

export const creditCardLimitMessage = (remainingPence: number) =>
  `Credit card payments are limited to ${formatPence(creditCardMonthlyLimitPence).replace(/\.00$/, '')} a month. ` +
  `You have ${formatPence(Math.max(0, remainingPence))} left on credit cards this month; please pay by debit card.`
