import type { ConsumerRow, OptimiseReadModels } from '@prizes/command-service'
import { allProjections } from '@prizes/projections'
import { projectionCheckpointsTable, readProjectionCheckpoints } from '@prizes/read-models'
import type { Knex } from 'knex'
import { optimiseReadModels } from './optimise/optimise'

/**
 * What the command service is told of the read side, composed here because only the composition
 * root may know both: the write side never reads a read model itself.
 */

/** Every read-model table: each projection's own, and their checkpoints. */
export const readModelTables: readonly string[] = [
  ...allProjections.flatMap((projection) => projection.tables),
  projectionCheckpointsTable,
]

/** Every projection's checkpoint as `/api/health` and System Info report a consumer. */
export async function projectionHealthRows(knex: Knex): Promise<ConsumerRow[]> {
  const rows = await readProjectionCheckpoints(knex)
  return rows.map((row) => ({
    name: row.name,
    position: row.position,
    filter: { eventTypes: row.handles ?? [] },
    failure:
      row.failed_position === null
        ? null
        : {
            since: row.failed_at,
            position: row.failed_position,
            eventType: row.failed_type,
            eventId: row.failed_event_id,
            error: row.failed_error,
          },
  }))
}

/** The command service's view of the read side: its checkpoints and its Optimise. */
export function readSideOf(knex: Knex): {
  readonly projections: () => Promise<ConsumerRow[]>
  readonly optimise: OptimiseReadModels
} {
  return {
    projections: () => projectionHealthRows(knex),
    optimise: () => optimiseReadModels(knex, readModelTables),
  }
}
