import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import { migrateReadModels } from '@prizes/read-models'
import type { Knex } from 'knex'

export interface ReadSideTestDatabase {
  readonly url: string
  readonly store: PostgresEventStore
  readonly knex: Knex
  drop(): Promise<void>
}

/** A fresh database with the event store and the read models migrated, for one test file. */
export async function createReadSideTestDatabase(label: string): Promise<ReadSideTestDatabase> {
  const db = await createTestDatabase(label)
  const store = createPostgresEventStore({ connectionString: db.url, subscriptions: { pollIntervalMs: 200 } })
  const knex = createKnex(db.url)
  await store.migrate()
  await migrateReadModels(knex)
  return {
    url: db.url,
    store,
    knex,
    async drop() {
      await store.close()
      await knex.destroy()
      await db.drop()
    },
  }
}
