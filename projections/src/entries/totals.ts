import type { Knex } from 'knex'
import type { RowChange, StoredRow } from '../fold'

export const competitionEntryTotalsTable = 'competition_entry_totals'

/** The counters of one competition's entries, as the admin's entries dialog shows them. */
const counters = ['entries', 'paid', 'pending', 'revenue_pence', 'tickets_sold'] as const
type Counters = Record<(typeof counters)[number], number>

/** What one entry row adds to its competition's counters: revenue and tickets only once paid. */
export function contribution(row: Readonly<StoredRow>): Counters {
  const paid = row.payment_status === 'paid'
  return {
    entries: 1,
    paid: paid ? 1 : 0,
    pending: row.payment_status === 'pending' ? 1 : 0,
    revenue_pence: paid ? Number(row.amount_pence) : 0,
    tickets_sold: paid ? Number(row.quantity) : 0,
  }
}

/**
 * Moves each competition's counters by what the page changed: every changed entry takes off what
 * it added before the page and adds what it adds now. The entries fold reports only rows an event
 * really changed, in the same transaction as their write, so a replay (held back by the revision
 * guard) moves nothing, and every transition (released, paid, refund due or pending, refunded)
 * moves exactly the difference between its old and new status.
 */
export async function moveEntryTotals(trx: Knex.Transaction, changes: readonly RowChange[]): Promise<void> {
  const deltas = new Map<string, Counters>()
  const add = (row: Readonly<StoredRow>, sign: 1 | -1) => {
    const competitionId = String(row.competition_id)
    const delta = deltas.get(competitionId) ?? {
      entries: 0,
      paid: 0,
      pending: 0,
      revenue_pence: 0,
      tickets_sold: 0,
    }
    const moved = contribution(row)
    for (const column of counters) delta[column] += sign * moved[column]
    deltas.set(competitionId, delta)
  }
  for (const { before, after } of changes) {
    if (before) add(before, -1)
    add(after, 1)
  }
  const rows = [...deltas]
    .filter(([, delta]) => counters.some((column) => delta[column] !== 0))
    .map(([competition_id, delta]) => ({ competition_id, ...delta }))
  if (rows.length === 0) return
  await trx(competitionEntryTotalsTable)
    .insert(rows)
    .onConflict('competition_id')
    .merge(
      Object.fromEntries(
        counters.map((c) => [c, trx.raw('??.?? + excluded.??', [competitionEntryTotalsTable, c, c])]),
      ),
    )
}
