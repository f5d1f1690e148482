import type { ReadStreamOptions, RecordedEvent } from '../port'
import type { Queryable } from './append'
import { type EventRow, eventColumns, toRecordedEvent } from './rows'

/**
 * One stream's events, forwards or backwards from a revision (inclusive). A missing stream is
 * simply one with no rows.
 */
export async function readStream(
  db: Queryable,
  streamId: string,
  options: ReadStreamOptions = {},
): Promise<RecordedEvent[]> {
  const backwards = options.direction === 'backwards'
  const from = options.from ?? (backwards ? 'end' : 'start')
  const limit = options.limit ?? null
  if (limit !== null && (!Number.isInteger(limit) || limit < 0)) {
    throw new RangeError(`limit must be a non-negative integer: ${limit}`)
  }
  // 'start' and 'end' become open bounds (null) on the side the read moves away from.
  const bound = from === 'start' ? (backwards ? '0' : null) : from === 'end' ? null : from.toString()
  if (from === 'end' && !backwards) return []
  // Qualified names: the select list renames columns to text, and ORDER BY prefers those names.
  const { rows } = await db.query<EventRow>(
    `select ${eventColumns}
     from events e
     where e.stream_id = $1
       and ($2::bigint is null or e.revision ${backwards ? '<=' : '>='} $2::bigint)
     order by e.revision ${backwards ? 'desc' : 'asc'}
     limit $3`,
    [streamId, bound, limit],
  )
  return rows.map(toRecordedEvent)
}
