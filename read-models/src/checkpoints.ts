import type { Knex } from 'knex'
import { type ProjectionCheckpointRow, projectionCheckpointsTable } from './tables/checkpoints'

/** PostgreSQL's "undefined_table". */
const undefinedTable = '42P01'

/**
 * Every projection's row in `projection_checkpoints`, by name: where it is, what it handles and
 * what it is stuck on (`/api/health`, System Info). None while the read models are not migrated
 * yet: a service on its own (docker-compose) may be asked before the projections start.
 */
export async function readProjectionCheckpoints(knex: Knex): Promise<ProjectionCheckpointRow[]> {
  try {
    return await knex(projectionCheckpointsTable).select<ProjectionCheckpointRow[]>('*').orderBy('name')
  } catch (error) {
    if ((error as { code?: unknown }).code === undefinedTable) return []
    throw error
  }
}
