import type { EventStore, Position } from '@prizes/event-store'
import type { Knex } from 'knex'
import { deleteCheckpoints, lockProjection } from '../checkpoints'
import type { Projection } from '../projection'
import { applyEvents } from '../runner/apply-events'

export class UnknownProjection extends Error {
  constructor(
    readonly unknown: readonly string[],
    readonly valid: readonly string[],
  ) {
    super(
      `Unknown projection ${unknown.map((n) => `"${n}"`).join(', ')}. Valid names: ${valid.join(', ')}, all`,
    )
    this.name = 'UnknownProjection'
  }
}

export interface RebuildProgress {
  /** Events applied so far. */
  readonly events: number
  /** Events to apply, when counted first; it can grow while live events arrive. */
  readonly total: number | undefined
  readonly elapsedMs: number
  readonly eventsPerSecond: number
}

export interface RebuildSummary {
  readonly projections: readonly string[]
  readonly events: number
  readonly seconds: number
  readonly eventsPerSecond: number
  /** The last position applied; 'start' when the log held nothing for them. */
  readonly position: Position | 'start'
}

export interface RebuildOptions {
  readonly store: EventStore
  readonly knex: Knex
  /** Every projection known, to choose from. */
  readonly projections: readonly Projection[]
  /** Names to rebuild, or 'all'. */
  readonly names: readonly string[] | 'all'
  readonly onProgress?: (progress: RebuildProgress) => void
  /** Count the events first, so progress has a total (one extra read of the log). */
  readonly countFirst?: boolean
  readonly pageSize?: number
}

/** The projections named, in their list order; throws UnknownProjection naming the valid ones. */
export function selectProjections(
  all: readonly Projection[],
  names: readonly string[] | 'all',
): Projection[] {
  const wanted = names === 'all' || names.includes('all') ? all.map((p) => p.name) : names
  const unknown = wanted.filter((name) => !all.some((p) => p.name === name))
  if (unknown.length > 0 || wanted.length === 0) {
    throw new UnknownProjection(
      unknown,
      all.map((p) => p.name),
    )
  }
  return all.filter((p) => wanted.includes(p.name))
}

async function countEvents(
  store: EventStore,
  eventTypes: readonly string[],
  pageSize: number,
): Promise<number> {
  let count = 0
  let from: Position | 'start' = 'start'
  for (;;) {
    const page = await store.readAll({ from, limit: pageSize, filter: { eventTypes } })
    const last = page.at(-1)
    if (!last) return count
    count += page.length
    from = last.position
  }
}

/**
 * Empties the chosen read models and replays the log into them, one page per transaction, up to
 * the head. While it runs it holds each projection's lock, so a live runner waits and then
 * carries on from where it was: what it re-applies is already there and is skipped as a replay.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildSummary> {
  const { store, knex } = options
  const chosen = selectProjections(options.projections, options.names)
  const eventTypes = [...new Set(chosen.flatMap((p) => p.handles))]
  const pageSize = options.pageSize ?? 1000
  const started = performance.now()
  const total = options.countFirst ? await countEvents(store, eventTypes, pageSize) : undefined
  if (total !== undefined) options.onProgress?.({ events: 0, total, elapsedMs: 0, eventsPerSecond: 0 })

  const lock = await knex.transaction()
  try {
    for (const projection of chosen) await lockProjection(lock, projection.name)
    await knex.transaction(async (trx) => {
      await trx.raw(
        `truncate table ${chosen
          .flatMap((p) => p.tables)
          .map(() => '??')
          .join(', ')}`,
        [...chosen.flatMap((p) => p.tables)],
      )
      await deleteCheckpoints(
        trx,
        chosen.map((p) => p.name),
      )
    })

    let from: Position | 'start' = 'start'
    let events = 0
    const rate = () => events / Math.max((performance.now() - started) / 1000, 0.001)
    for (;;) {
      const page = await store.readAll({ from, limit: pageSize, filter: { eventTypes } })
      const last = page.at(-1)
      if (!last) break
      await knex.transaction(async (trx) => {
        for (const projection of chosen) await applyEvents(trx, projection, page)
      })
      events += page.length
      from = last.position
      options.onProgress?.({
        events,
        total: total === undefined ? undefined : Math.max(total, events),
        elapsedMs: performance.now() - started,
        eventsPerSecond: rate(),
      })
    }
    await lock.commit()
    const seconds = (performance.now() - started) / 1000
    return {
      projections: chosen.map((p) => p.name),
      events,
      seconds,
      eventsPerSecond: rate(),
      position: from,
    }
  } catch (error) {
    await lock.rollback().catch(() => {})
    throw error
  }
}
