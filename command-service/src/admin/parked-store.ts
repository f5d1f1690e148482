import type { Knex } from 'knex'

/**
 * Events a reactor parked (`parked_events`, created with the checkpoints in `migrations/reactor-tables.ts`): one it
 * could not handle after its attempts, or at once when it knew the failure for permanent (a
 * refund the provider refuses). The row is written in the same transaction as the checkpoint
 * moving past the event, so an event is either still ahead of the reactor or parked here, never
 * neither (`parkEvent`, in the reactors). An admin retries it (the reactor's handler runs again; success resolves it as
 * `retried`) or resolves it by hand with a reason (`resolved`); who and why stay on the row.
 */

export const parkedEventsTable = 'parked_events'

/** An error's message is kept for the admin's health view, not as a log: the start is enough. */
const maxErrorLength = 2000

/** The start of an error's message, as kept for the admin. */
export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, maxErrorLength)

export interface ParkedEventRow {
  readonly id: string
  readonly consumer: string
  readonly event_id: string
  readonly position: string
  readonly stream_id: string
  readonly stream_revision: string
  readonly event_type: string
  readonly reason: string
  readonly attempts: number
  readonly parked_at: Date
  readonly retrying_until: Date | null
  readonly last_retried_at: Date | null
  readonly resolved_at: Date | null
  readonly resolved_by: string | null
  readonly resolution: 'retried' | 'resolved' | null
  readonly resolution_reason: string | null
}

export type ParkedFilter = 'open' | 'resolved' | 'all'

/** A page of parked events, newest first: an index scan of `offset + limit` rows at most. */
export async function listParkedEvents(
  knex: Knex,
  options: { readonly status: ParkedFilter; readonly offset: number; readonly limit: number },
): Promise<ParkedEventRow[]> {
  const query = knex(parkedEventsTable)
    .select<ParkedEventRow[]>('*')
    .orderBy([
      { column: 'parked_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(options.offset)
    .limit(options.limit)
  if (options.status === 'open') query.whereNull('resolved_at')
  if (options.status === 'resolved') query.whereNotNull('resolved_at')
  return query
}

export async function findParkedEvent(knex: Knex, id: string): Promise<ParkedEventRow | undefined> {
  return knex(parkedEventsTable).where({ id }).first<ParkedEventRow | undefined>()
}

/** Open parked events counted per reactor up to this: enough to alert on, never a long count. */
export const parkedCountCap = 1000

/**
 * Each named reactor's open parked events, counted up to `parkedCountCap` through the partial
 * index of open rows: the cost does not grow with the events resolved long ago.
 */
export async function countOpenParked(knex: Knex, names: readonly string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map()
  const { rows } = await knex.raw<{ rows: { name: string; parked: string }[] }>(
    `select n.name, (select count(*) from (select 1 from ${parkedEventsTable} p
                                             where p.consumer = n.name and p.resolved_at is null
                                             limit ${parkedCountCap}) open) as parked
       from unnest(?::text[]) as n(name)`,
    [[...names]],
  )
  return new Map(rows.map((row) => [row.name, Number(row.parked)]))
}

/** How long one retry may hold a parked event before another may try it. */
export const retryClaimSeconds = 120

export type ClaimOutcome =
  | { readonly kind: 'claimed'; readonly row: ParkedEventRow }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'resolved'; readonly row: ParkedEventRow }
  | { readonly kind: 'busy'; readonly row: ParkedEventRow }

/**
 * Takes an open parked event for one retry: a conditional update, so of two admins pressing
 * Retry at once one runs it and the other is told it is under way.
 */
export async function claimParkedEvent(knex: Knex, id: string): Promise<ClaimOutcome> {
  const [claimed] = await knex(parkedEventsTable)
    .where({ id })
    .whereNull('resolved_at')
    .andWhere((where) => where.whereNull('retrying_until').orWhere('retrying_until', '<', knex.fn.now()))
    .update({ retrying_until: knex.raw(`now() + interval '${retryClaimSeconds} seconds'`) })
    .returning<ParkedEventRow[]>('*')
  if (claimed) return { kind: 'claimed', row: claimed }
  const row = await findParkedEvent(knex, id)
  if (!row) return { kind: 'not-found' }
  return row.resolved_at ? { kind: 'resolved', row } : { kind: 'busy', row }
}

/** A claimed retry's outcome: resolved as retried, or still parked with the new reason. */
export async function finishRetry(
  knex: Knex,
  id: string,
  outcome: { readonly by: string } | { readonly error: unknown },
): Promise<ParkedEventRow> {
  const update =
    'by' in outcome
      ? {
          resolved_at: knex.fn.now(),
          resolved_by: outcome.by,
          resolution: 'retried',
          resolution_reason: null,
        }
      : { reason: errorText(outcome.error), attempts: knex.raw('attempts + 1') }
  const [row] = await knex(parkedEventsTable)
    .where({ id })
    .update({ ...update, retrying_until: null, last_retried_at: knex.fn.now() })
    .returning<ParkedEventRow[]>('*')
  if (!row) throw new Error(`Parked event ${id} vanished during its retry`)
  return row
}

export type ResolveOutcome =
  | { readonly kind: 'resolved'; readonly row: ParkedEventRow }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'already-resolved'; readonly row: ParkedEventRow }
  | { readonly kind: 'busy'; readonly row: ParkedEventRow }

/** Resolves an open parked event by hand, with who and why; not while a retry runs it. */
export async function resolveParkedEvent(
  knex: Knex,
  id: string,
  by: { readonly userId: string; readonly reason: string },
): Promise<ResolveOutcome> {
  const [resolved] = await knex(parkedEventsTable)
    .where({ id })
    .whereNull('resolved_at')
    .andWhere((where) => where.whereNull('retrying_until').orWhere('retrying_until', '<', knex.fn.now()))
    .update({
      resolved_at: knex.fn.now(),
      resolved_by: by.userId,
      resolution: 'resolved',
      resolution_reason: by.reason,
      retrying_until: null,
    })
    .returning<ParkedEventRow[]>('*')
  if (resolved) return { kind: 'resolved', row: resolved }
  const row = await findParkedEvent(knex, id)
  if (!row) return { kind: 'not-found' }
  return row.resolved_at ? { kind: 'already-resolved', row } : { kind: 'busy', row }
}
