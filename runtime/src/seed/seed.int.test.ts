import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  cancelCompetition,
  createCommandHandler,
  createDrawSeedStore,
  deleteCompetition,
  migrateCommandTables,
} from '@prizes/command-service'
import { competitionStream } from '@prizes/contracts'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { createKnex } from '@prizes/platform'
import type { Knex } from 'knex'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCompetitions, demoDraftIds } from './demo-competitions'
import { seedDemoData } from './seed'
import { seedCommands } from './seed-commands'

const logger = pino({ level: 'silent' })
let database: TestDatabase
let store: PostgresEventStore
let knex: Knex
let mediaDir: string

beforeAll(async () => {
  database = await createTestDatabase('demo_seed')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
  knex = createKnex(database.url)
  await migrateCommandTables(knex)
  mediaDir = await mkdtemp(path.join(tmpdir(), 'seed-media-'))
})
afterAll(async () => {
  await knex.destroy()
  await store.close()
  await database.drop()
  await rm(mediaDir, { recursive: true, force: true })
})

/** The seeding step as a start runs it: a new handler (a new process), the real commands. */
function seedingStep() {
  const handler = createCommandHandler({ store, logger })
  const now = new Date()
  const commands = seedCommands(handler, now, createDrawSeedStore(knex))
  return { handler, run: () => seedDemoData({ store, commands, mediaDir, now, logger }) }
}

describe('the demo seed', () => {
  it('seeds an empty store once; after an admin deletes a seeded competition, the next start changes nothing', async () => {
    const first = await seedingStep().run()
    expect(first).toMatchObject({ created: demoCompetitions.length, skipped: false })

    const published = demoCompetitions.find((demo) => !demoDraftIds.has(demo.id))
    if (!published) throw new Error('fixture: a published demo competition expected')
    const { handler } = seedingStep()
    const admin = { actor: { userId: 'admin-1', role: 'admin' as const }, now: new Date() }
    await cancelCompetition(handler, { competitionId: published.id, reason: 'Not running this one' }, admin)
    await deleteCompetition(handler, { competitionId: published.id }, admin)
    const before = await store.readAll({ from: 'start', limit: 10_000 })

    await expect(seedingStep().run()).resolves.toEqual({ created: 0, position: undefined, skipped: true })
    expect(await store.readAll({ from: 'start', limit: 10_000 })).toEqual(before)
    const deleted = await store.readStream(competitionStream(published.id))
    expect(deleted.at(-1)?.type).toBe('CompetitionDeleted')
  })
})
