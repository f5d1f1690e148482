import { errorText } from '@prizes/command-service/use-cases'
import {
  type Position,
  positionFromString,
  positionToString,
  type RecordedEvent,
  type SubscriptionFilter,
} from '@prizes/event-store'
import type { Knex } from 'knex'

const checkpoints = 'reactor_checkpoints'

/** Makes the reactor known (with its filter) before it handles anything; keeps its position. */
export async function registerReactor(knex: Knex, name: string, filter: SubscriptionFilter): Promise<void> {
  const described = {
    handles: [...(filter.eventTypes ?? [])],
    stream_prefixes: [...(filter.streamPrefixes ?? [])],
  }
  await knex(checkpoints)
    .insert({ name, position: null, ...described })
    .onConflict('name')
    .merge(['handles', 'stream_prefixes'])
}

/** Notes that `event` failed; `failing_since` keeps the first failure's time until one succeeds. */
export async function recordReactorFailure(
  knex: Knex,
  name: string,
  event: RecordedEvent,
  error: unknown,
): Promise<void> {
  await knex(checkpoints)
    .where({ name })
    .update({
      failing_since: knex.raw('coalesce(failing_since, now())'),
      last_error: errorText(error),
      failed_event_id: event.id,
      failed_position: positionToString(event.position),
    })
}

/** The last position a reactor handled, or 'start' when it has none. */
export async function readReactorCheckpoint(knex: Knex, name: string): Promise<Position | 'start'> {
  const row = await knex(checkpoints)
    .where({ name })
    .first<{ position: string | null } | undefined>('position')
  return row?.position ? positionFromString(row.position) : 'start'
}

/** A stored position as something PostgreSQL orders: `commit/prepare` as an array of two numbers. */
const ordered = (column: string) => `string_to_array(${column}, '/')::numeric[]`

/**
 * Moves the checkpoint past an event that was dealt with, which also ends a failing spell on an
 * event up to it (not one on a later event, recorded meanwhile: that one still fails). The
 * checkpoint only moves forward: an instance that lost its lease and saves its last position
 * late cannot take back what the new holder has saved since.
 */
export async function writeReactorCheckpoint(knex: Knex, name: string, position: Position): Promise<void> {
  const cleared = `c.failed_position is null or ${ordered('c.failed_position')} <= ${ordered('excluded.position')}`
  const clear = (column: string) => `${column} = case when ${cleared} then null else c.${column} end`
  await knex.raw(
    `insert into ${checkpoints} as c (name, position, updated_at) values (?, ?, now())
     on conflict (name) do update
        set position = excluded.position, updated_at = excluded.updated_at,
            ${['failing_since', 'last_error', 'failed_event_id', 'failed_position'].map(clear).join(', ')}
      where c.position is null or ${ordered('c.position')} < ${ordered('excluded.position')}`,
    [name, positionToString(position)],
  )
}
