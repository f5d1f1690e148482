import { competitionStreamPrefix } from '@prizes/contracts'
import { entryReferenceNumber } from '@prizes/domain'
import { type EventStore, type Position, positionFromString, positionToString } from '@prizes/event-store'
import type { Logger } from '@prizes/platform'
import type { Knex } from 'knex'

const pageSize = 1000

/**
 * The reference alone, whatever version of TicketsAllocated (or PostalEntryRecorded) carries it: only the number counts
 * here, and a reference must never be skipped because the rest of its event has changed shape.
 */
function referenceOf(data: unknown): string {
  const reference = (data as { entryReference?: unknown } | null)?.entryReference
  return typeof reference === 'string' ? reference : ''
}

interface FloorRow {
  readonly highest: string
  readonly position: string | null
}

/**
 * Keeps entry references derivable from the log: reads the allocations the log holds beyond
 * the last position read (all of them when the command side was lost), and moves
 * `entry_reference_seq` past the highest reference number found, or remembered. Run at start,
 * before any allocation; so no reference is issued twice even if the sequence was reset or
 * restored from an older backup than the log. Two instances starting at once both only move
 * the sequence forwards.
 */
export async function keepReferencesPastLog(deps: {
  readonly store: Pick<EventStore, 'readAll'>
  readonly knex: Knex
  readonly logger: Logger
}): Promise<{ readonly highest: number }> {
  const { store, knex } = deps
  const row = await knex('entry_reference_floor').first<FloorRow | undefined>('highest', 'position')
  let highest = Number(row?.highest ?? 0)
  let from: Position | 'start' = row?.position ? positionFromString(row.position) : 'start'
  const filter = {
    streamPrefixes: [competitionStreamPrefix],
    eventTypes: ['TicketsAllocated', 'PostalEntryRecorded'],
  }
  for (;;) {
    const page = await store.readAll({ from, limit: pageSize, filter })
    for (const event of page) {
      const number = entryReferenceNumber(referenceOf(event.data))
      if (number !== undefined && number > highest) highest = number
      from = event.position
    }
    if (page.length < pageSize) break
  }
  if (highest > 0) {
    // Forwards only: a sequence already past the log (the usual case) is left alone.
    const moved = await knex.raw<{ rowCount: number }>(
      `select setval('entry_reference_seq', ?) from entry_reference_seq
       where last_value < ? or (last_value = ? and not is_called)`,
      [highest, highest, highest],
    )
    if (moved.rowCount > 0)
      deps.logger.warn({ highest }, 'entry reference sequence was behind the log; moved past it')
  }
  await knex('entry_reference_floor')
    .insert({ singleton: true, highest, position: from === 'start' ? null : positionToString(from) })
    .onConflict('singleton')
    .merge({
      highest: knex.raw('greatest(entry_reference_floor.highest, excluded.highest)'),
      position: knex.raw('excluded.position'),
    })
  return { highest }
}
