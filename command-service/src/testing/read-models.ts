import type { EventStore } from '@prizes/event-store'
import { allProjections, type RunningProjections, startProjections } from '@prizes/projections'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'
import { silentLogger } from './fixtures'

/** The read side beside a command-side test: its tables migrated and every projection running. */
export async function startReadModels(on: { store: EventStore; knex: Knex }): Promise<RunningProjections> {
  await migrateReadModels(on.knex)
  return startProjections({
    store: on.store,
    knex: on.knex,
    logger: silentLogger,
    projections: allProjections,
  })
}
