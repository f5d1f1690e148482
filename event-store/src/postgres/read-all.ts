import type { Position, RecordedEvent, SubscriptionFilter } from '../port'
import type { Queryable } from './append'
import { type EventRow, eventColumns, toRecordedEvent } from './rows'

export interface AllPage {
  readonly events: RecordedEvent[]
  /**
   * Committed events (of any type: asking for the newest transaction id is one step down an
   * index, while asking for one matching the filter could scan the whole log) exist but are
   * not yet readable, because an older transaction is still open. They become readable when it ends, which may not send a
   * notification (a rollback, or a transaction that is not an append), so the caller re-reads
   * soon instead of waiting for one.
   */
  readonly heldBack: boolean
}

/**
 * A page of `$all` strictly after `after`, in (transaction_id, global_position) order.
 *
 * Identity values are taken when a row is inserted, not when its transaction commits, so a
 * slow writer can commit a lower global_position after a reader has passed it. Ordering by the
 * writing transaction's id first and only reading rows of transactions older than every
 * transaction still running (`pg_snapshot_xmin`) means nothing can later appear before a
 * position already handed out.
 */
export async function readAllPage(
  db: Queryable,
  after: Position | 'start',
  limit: number,
  filter: SubscriptionFilter = {},
): Promise<AllPage> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`)
  const from = after === 'start' ? { commit: 0n, prepare: 0n } : after
  const filters = filterSql(filter, 4)
  const { rows } = await db.query<PageRow>(
    `with horizon as materialized (
       select pg_snapshot_xmin(pg_current_snapshot()) as xmin
     ),
     page as (
       select ${eventColumns}, e.transaction_id as order_tx, e.global_position as order_position
       from events e, horizon h
       where e.transaction_id < h.xmin
         and (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)${filters.sql}
       order by e.transaction_id, e.global_position
       limit $3
     ),
     held as (
       select coalesce((select max(e.transaction_id) from events e), '0'::xid8) >= h.xmin as held_back
       from horizon h
     )
     select held.held_back, page.*
     from held left join page on true
     order by page.order_tx, page.order_position`,
    [from.commit.toString(), from.prepare.toString(), limit, ...filters.params],
  )
  return {
    events: rows.filter(isEventRow).map(toRecordedEvent),
    heldBack: rows[0]?.held_back ?? false,
  }
}

/** SQL conditions (each starting with ` and `) on `e`, with parameters numbered from `first`. */
export function filterSql(filter: SubscriptionFilter, first: number): { sql: string; params: string[][] } {
  const params: string[][] = []
  let sql = ''
  if (filter.streamPrefixes && filter.streamPrefixes.length > 0) {
    params.push(filter.streamPrefixes.map(likePrefix))
    sql += ` and e.stream_id like any($${first + params.length - 1}::text[])`
  }
  if (filter.eventTypes && filter.eventTypes.length > 0) {
    params.push([...filter.eventTypes])
    sql += ` and e.type = any($${first + params.length - 1}::text[])`
  }
  return { sql, params }
}

/** A LIKE pattern matching strings that start with `prefix` taken literally. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The held-back flag on every row; the event columns are null when the page is empty. */
type PageRow = { held_back: boolean } & (EventRow | { [K in keyof EventRow]: null })

function isEventRow(row: PageRow): row is { held_back: boolean } & EventRow {
  return typeof row.global_position === 'string'
}
