import { creditCardLimitCode, entryErrorCodes } from '@prizes/contracts'
import type { ConfirmOutcome } from '@prizes/domain'
import { ApiError } from '../../../lib/api-client'
import { withServerMessage } from './errors'

/**
 * What a failed confirm-payment means for the entry flow. The server's definite answers become
 * outcomes: still processing (wait), not paid (pay again), over the monthly credit card limit
 * (nothing taken; another card needs a new payment), or refused (the entry cannot go on).
 * Anything without a definite answer (no connection, a timeout, the server or the provider
 * unavailable, too many requests) is rethrown, so the flow asks again and never pays again.
 */
export function confirmOutcomeOf(error: unknown): ConfirmOutcome {
  if (!(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500) {
    throw withServerMessage(error)
  }
  if (error.code === entryErrorCodes.paymentProcessing) return { status: 'processing' }
  const { message } = withServerMessage(error)
  if (error.status === 402) return { status: 'declined', message }
  if (error.code === creditCardLimitCode) return { status: 'creditCardLimit', message }
  return { status: 'refused', message }
}
