import type { EventStore, Position, RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'
import { lockProjections, writeCheckpoints } from '../checkpoints'
import type { Projection } from '../projection'
import { applyRows } from '../runner/apply-events'
import { createShadow } from './shadow'

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

/** Reads the log after `from` page by page and applies each page in one transaction. */
async function replay(
  options: RebuildOptions,
  chosen: readonly Projection[],
  run: (page: readonly RecordedEvent[], apply: (trx: Knex.Transaction) => Promise<void>) => Promise<void>,
  from: Position | 'start',
): Promise<Position | 'start'> {
  const eventTypes = [...new Set(chosen.flatMap((p) => p.handles))]
  let after = from
  for (;;) {
    const page = await options.store.readAll({
      from: after,
      limit: options.pageSize ?? 2000,
      filter: { eventTypes },
    })
    const last = page.at(-1)
    if (!last) return after
    await run(page, async (trx) => {
      for (const projection of chosen) await applyRows(trx, projection, page)
    })
    after = last.position
  }
}

/**
 * Replays the log into fresh copies of the chosen read models' tables (a schema of their own),
 * one page per transaction, while readers keep the old rows and the live runner keeps them up
 * to date. Then, in one transaction holding the projections' locks (so the live runner waits),
 * it applies what arrived meanwhile, drops the old tables, moves the copies in and writes the
 * checkpoints at the last position replayed; the runner re-reads them under the same lock and
 * carries on from there. A rebuild that fails changes nothing: the copies are dropped.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuildSummary> {
  const { store, knex } = options
  const chosen = selectProjections(options.projections, options.names)
  const names = chosen.map((p) => p.name)
  const eventTypes = [...new Set(chosen.flatMap((p) => p.handles))]
  const started = performance.now()
  const total = options.countFirst
    ? await countEvents(store, eventTypes, options.pageSize ?? 2000)
    : undefined
  if (total !== undefined) options.onProgress?.({ events: 0, total, elapsedMs: 0, eventsPerSecond: 0 })
  let events = 0
  const rate = () => events / Math.max((performance.now() - started) / 1000, 0.001)
  const counted = (page: readonly RecordedEvent[]) => {
    events += page.length
    options.onProgress?.({
      events,
      total: total === undefined ? undefined : Math.max(total, events),
      elapsedMs: performance.now() - started,
      eventsPerSecond: rate(),
    })
  }
  const shadow = await createShadow(
    knex,
    chosen.flatMap((p) => p.tables),
  )
  try {
    const replayed = await replay(
      options,
      chosen,
      async (page, apply) => {
        await knex.transaction(async (trx) => {
          await shadow.use(trx)
          await apply(trx)
        })
        counted(page)
      },
      'start',
    )
    const position = await knex.transaction(async (trx) => {
      await lockProjections(trx, names)
      await shadow.use(trx)
      const head = await replay(
        options,
        chosen,
        async (page, apply) => {
          await apply(trx)
          counted(page)
        },
        replayed,
      )
      await shadow.swapIn(trx)
      await writeCheckpoints(trx, names, head)
      return head
    })
    return {
      projections: names,
      events,
      seconds: (performance.now() - started) / 1000,
      eventsPerSecond: rate(),
      position,
    }
  } catch (error) {
    await shadow.drop()
    throw error
  }
}
