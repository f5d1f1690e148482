import type { EntrySubmission } from '@prizes/contracts'
import type { PaymentIntentDetails } from '@prizes/domain'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/**
 * Reserves the tickets and opens the payment. The Idempotency-Key makes a retry of the same
 * attempt (a lost answer) return the same intent instead of reserving twice. A previous
 * attempt's intent, when given, is cancelled and its tickets given back.
 */
export async function createPaymentIntent(
  submission: EntrySubmission,
  idempotencyKey: string,
  replacesPaymentIntentId: string | null = null,
): Promise<PaymentIntentDetails> {
  const { clientSecret, paymentIntentId, amount } = await apiClient.call('createPaymentIntent', {
    timeoutMs,
    body: replacesPaymentIntentId === null ? submission : { ...submission, replacesPaymentIntentId },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  return { clientSecret, paymentIntentId, amount }
}
