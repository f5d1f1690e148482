import { maxEntriesPerPurchase } from '@prizes/domain'

/**
 * How many entries one purchase may hold (SPEC section 9): 1 to min(10, total tickets, tickets
 * left, what the per-person cap leaves this entrant); 0 when none are left. Null counts mean no
 * limit. The card and the entry slider both say this number, so they never disagree.
 */
export function maxEntriesFor(c: {
  readonly remaining: number | null
  readonly maxEntries: number | null
  /** What the competition's per-person cap still allows the signed-in entrant; unknown when absent. */
  readonly personRemaining?: number | null
}): number {
  const limit = Math.min(
    maxEntriesPerPurchase,
    c.remaining ?? maxEntriesPerPurchase,
    c.maxEntries ?? maxEntriesPerPurchase,
    c.personRemaining ?? maxEntriesPerPurchase,
  )
  return Math.max(0, limit)
}
