import type { RecordedEvent } from '@prizes/event-store'
import type { Knex } from 'knex'

export type Apply = (trx: Knex.Transaction, event: RecordedEvent) => Promise<void>

/** Parses the event's data with its contract schema, then hands the typed data on. */
export function on<S extends { parse(data: unknown): unknown }>(
  schema: S,
  handle: (trx: Knex.Transaction, event: RecordedEvent, data: ReturnType<S['parse']>) => Promise<unknown>,
): Apply {
  return async (trx, event) => {
    await handle(trx, event, schema.parse(event.data) as ReturnType<S['parse']>)
  }
}

/** Calls the applier named by the event's type; types without one are not this model's concern. */
export function dispatch(appliers: object): Apply {
  const byType = appliers as Readonly<Record<string, Apply | undefined>>
  return async (trx, event) => {
    const apply = byType[event.type]
    if (apply) await apply(trx, event)
  }
}
