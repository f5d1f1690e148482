import type { AdminEntryRow } from '@prizes/contracts'

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

/** SPEC section 7: the platform's entries export is saved as `entries-YYYY-MM-DD.csv` (as the server names it, UTC). */
export function allEntriesCsvFileName(now: Date): string {
  return `entries-${now.toISOString().slice(0, 10)}.csv`
}

/** Only a paid entry may be refunded (the server also checks its competition is open or cancelled). */
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
