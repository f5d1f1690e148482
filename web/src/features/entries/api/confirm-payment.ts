import type { UserEntry } from '@prizes/contracts'
import { apiClient } from '../../../lib/api-client'

const timeoutMs = 30_000

/** The server asks the provider (never our word) and answers the entry with its tickets. */
export async function confirmPayment(paymentIntentId: string): Promise<UserEntry> {
  const { entry } = await apiClient.call('confirmPayment', { timeoutMs, body: { paymentIntentId } })
  return entry
}
