import type { EntrySubmission } from '@prizes/contracts'
import type { PaymentIntentDetails } from '@prizes/domain'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/**
 * Reserves the tickets and opens the payment. The Idempotency-Key makes a retry of the same
 * attempt (a lost answer) return the same intent instead of reserving twice. The server
 * replaces the entrant's earlier unpaid attempt on the competition, cancelling its intent.
 */
export async function createPaymentIntent(
  submission: EntrySubmission,
  idempotencyKey: string,
): Promise<PaymentIntentDetails> {
  const { clientSecret, paymentIntentId, amount } = await apiClient.call('createPaymentIntent', {
    timeoutMs,
    body: submission,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  return { clientSecret, paymentIntentId, amount }
}
