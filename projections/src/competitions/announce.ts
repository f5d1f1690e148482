import {
  type CompetitionChangeNotice,
  type CompetitionStatus,
  competitionChangesChannel,
} from '@prizes/contracts'
import type { Knex } from 'knex'
import type { RowChange, StoredRow } from '../fold'

/** Statuses the public sees; a change to a competition never shown is not announced. */
const publicStatuses: ReadonlySet<string> = new Set<CompetitionStatus>([
  'active',
  'undersold',
  'closed',
  'drawing',
  'completed',
])

const isPublic = (row: Readonly<StoredRow> | undefined) =>
  row !== undefined && row.deleted_at === null && publicStatuses.has(String(row.status))

/** The figures a card shows; nothing else of a row is announced. */
const figuresChanged = (before: Readonly<StoredRow>, after: Readonly<StoredRow>) =>
  Number(before.sold_tickets) !== Number(after.sold_tickets) ||
  Number(before.free_tickets) !== Number(after.free_tickets) ||
  Number(before.total_tickets) !== Number(after.total_tickets) ||
  before.status !== after.status

/**
 * The notices for a page's changed rows: each competition that is or was public whose sold or
 * total tickets or status changed (a cancellation is announced, so cards of it go away).
 */
export function changeNotices(changes: readonly RowChange[], position: string): CompetitionChangeNotice[] {
  return changes.flatMap(({ before, after }) => {
    if (!isPublic(before) && !isPublic(after)) return []
    if (before && !figuresChanged(before, after)) return []
    return [
      {
        id: String(after.id),
        sold_tickets: Number(after.sold_tickets),
        free_entries: Number(after.free_tickets),
        total_tickets: Number(after.total_tickets),
        // The public sees an undersold competition as closed (see the query service's mapper).
        status: after.status === 'undersold' ? 'closed' : (after.status as CompetitionStatus),
        position,
      },
    ]
  })
}

/**
 * Announces the page's changes on `competitionChangesChannel`, one notification a competition,
 * in one statement. Sent inside the page's transaction: PostgreSQL delivers them only when it
 * commits, so a listener never hears of rows it cannot read yet, nor of a page rolled back.
 */
export async function announceChanges(
  trx: Knex.Transaction,
  changes: readonly RowChange[],
  position: string,
): Promise<void> {
  const notices = changeNotices(changes, position)
  if (notices.length === 0) return
  await trx.raw('select pg_notify(?, value::text) from jsonb_array_elements(?::jsonb)', [
    competitionChangesChannel,
    JSON.stringify(notices),
  ])
}
