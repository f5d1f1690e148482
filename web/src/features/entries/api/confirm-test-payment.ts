import type { AuthenticationAnswer, CardDetails, PaymentOutcome } from '@prizes/domain'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/** The offline provider's card form: what Stripe.js would do with the card, answered with Stripe's test cards. */
export async function confirmTestPayment(
  paymentIntentId: string,
  card: CardDetails & { readonly authentication?: AuthenticationAnswer },
): Promise<PaymentOutcome> {
  const { status, message } = await apiClient.call('confirmTestPayment', {
    timeoutMs,
    params: { paymentIntentId },
    body: card,
  })
  return { status, message }
}
