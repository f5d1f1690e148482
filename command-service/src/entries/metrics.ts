import { entryEvents } from '@prizes/contracts'
import { counter } from '@prizes/platform'

const purchases = counter({
  name: 'prizes_purchases_total',
  help: 'Entries whose tickets were allocated, paid (a payment taken), free, or postal (the free route by post)',
  labelNames: ['payment'],
})
const purchasedPence = counter({
  name: 'prizes_purchases_pence_total',
  help: 'Pence taken for the entries allocated',
})
const refunds = counter({
  name: 'prizes_refunds_total',
  help: 'Entries refunded through the payment provider and recorded (admin, cancellation, deleted user, late payment)',
})
const refundedPence = counter({
  name: 'prizes_refunds_pence_total',
  help: 'Pence given back by the refunds recorded',
})

/**
 * Counts the purchases and refunds among an entry command's events. Called with what the
 * command appended, which is each allocation and each refund exactly once: a repeated
 * confirmation or refund decides nothing and appends nothing.
 */
export function countEntryEvents(events: readonly { readonly type: string; readonly data: unknown }[]): void {
  for (const event of events) {
    if (event.type === 'TicketsAllocated' || event.type === 'PostalEntryRecorded') {
      const parsed = entryEvents.TicketsAllocated.safeParse(event.data)
      if (!parsed.success) continue
      const payment =
        event.type === 'PostalEntryRecorded'
          ? 'postal'
          : parsed.data.paymentIntentId === null
            ? 'free'
            : 'paid'
      purchases.inc({ payment })
      purchasedPence.inc(parsed.data.amountPence)
    } else if (event.type === 'EntryRefunded') {
      const parsed = entryEvents.EntryRefunded.safeParse(event.data)
      if (!parsed.success) continue
      refunds.inc()
      refundedPence.inc(parsed.data.amountPence)
    }
  }
}
