import { type AdminEntryRow, postalPaymentLabel } from '@prizes/contracts'
import { formatPrice } from '../../../../lib/format'

type PaymentStatus = AdminEntryRow['payment_status']

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  refund_pending: 'Refund pending',
  disputed: 'Disputed (chargeback)',
}

export const paymentStatusTones = {
  paid: 'success',
  pending: 'warning',
  failed: 'error',
  refunded: 'info',
  refund_pending: 'warning',
  disputed: 'error',
} as const satisfies Record<PaymentStatus, string>

/**
 * An entry's payment as the admin lists show it: its status and tone, and its cost. A postal
 * entry took no money, so it reads "Postal (free)" and "Free", never "Paid £0.00" (issue 24).
 */
export function paymentShown(entry: Pick<AdminEntryRow, 'payment_status' | 'entry_method' | 'total_cost'>): {
  readonly status: string
  readonly tone: (typeof paymentStatusTones)[PaymentStatus]
  readonly cost: string
} {
  if (entry.entry_method === 'postal') return { status: postalPaymentLabel, tone: 'info', cost: 'Free' }
  return {
    status: paymentStatusLabels[entry.payment_status],
    tone: paymentStatusTones[entry.payment_status],
    cost: formatPrice(entry.total_cost),
  }
}

/** SPEC section 7: the platform's entries export is saved as `entries-YYYY-MM-DD.csv` (as the server names it, UTC). */
export function allEntriesCsvFileName(now: Date): string {
  return `entries-${now.toISOString().slice(0, 10)}.csv`
}

/** A paid entry may be refunded; a postal one took no money, so there is nothing to give back. */
export const canRefund = (entry: Pick<AdminEntryRow, 'payment_status' | 'entry_method'>) =>
  entry.payment_status === 'paid' && entry.entry_method !== 'postal'

/** SPEC section 8. */
export const entryMessages = {
  loadFailed: 'Failed to load entries',
  refundFailed: 'Failed to refund entry',
  exportFailed: 'Export failed',
  detailsFailed: 'Failed to load entry',
} as const
