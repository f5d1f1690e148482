import { competitionEvents, competitionStream, eventMetadata } from '@prizes/contracts'
import { competitionDecider } from '@prizes/domain'
import { createPostgresEventStore, type PostgresEventStore } from '@prizes/event-store'
import { createTestDatabase, type TestDatabase } from '@prizes/event-store/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCommandHandler } from './command-handler'
import { createCompetition, publishCompetition, reviseCompetition } from './competitions/commands'
import { createInMemoryDrawSeeds } from './competitions/draw-seeds'
import { adminContext, details, silentLogger } from './testing/fixtures'

let database: TestDatabase
let store: PostgresEventStore

beforeAll(async () => {
  database = await createTestDatabase('command_handler')
  store = createPostgresEventStore({ connectionString: database.url })
  await store.migrate()
})

afterAll(async () => {
  await store.close()
  await database.drop()
})

describe('command handler on PostgreSQL', () => {
  it('stores events with their envelope and folds them back', async () => {
    const handler = createCommandHandler({ store, logger: silentLogger })
    const { competitionId } = await createCompetition(handler, { details }, adminContext)
    const published = await publishCompetition(
      handler,
      { competitionId },
      adminContext,
      createInMemoryDrawSeeds(),
    )

    const stored = await store.readStream(competitionStream(competitionId))
    expect(stored.map((e) => [e.type, e.revision])).toEqual([
      ['CompetitionCreated', 0n],
      ['CompetitionPublished', 1n],
    ])
    for (const event of stored) expect(eventMetadata.parse(event.metadata).eventId).toBe(event.id)
    expect(published.position).toEqual(stored[1]?.position)

    // A fresh process (no cache) folds the same state from the stored stream.
    const fresh = createCommandHandler({ store, logger: silentLogger })
    const revised = await reviseCompetition(
      handler,
      { competitionId, details: { ...details, title: 'T' } },
      adminContext,
    )
    const refolded = await fresh.handle(
      competitionStream(competitionId),
      competitionDecider,
      {
        type: 'SetCompetitionFeatured',
        data: { competitionId, featured: false },
        metadata: { now: adminContext.now },
      },
      adminContext,
    )
    expect(refolded.state).toEqual(revised.state)
  })

  it('lets two processes write one stream at once without losing a command', async () => {
    // Two handlers stand for two processes: each queues its own commands, but only the
    // expected revision keeps them from overwriting each other.
    const first = createCommandHandler({ store, logger: silentLogger, maxAttempts: 10 })
    const second = createCommandHandler({ store, logger: silentLogger, maxAttempts: 10 })
    const { competitionId } = await createCompetition(first, { details }, adminContext)
    const titles = Array.from({ length: 10 }, (_, i) => `Title ${i}`)

    await Promise.all(
      titles.map((title, i) =>
        reviseCompetition(
          i % 2 === 0 ? first : second,
          { competitionId, details: { ...details, title } },
          adminContext,
        ),
      ),
    )

    const stored = await store.readStream(competitionStream(competitionId))
    expect(stored.map((e) => e.revision)).toEqual(Array.from({ length: 11 }, (_, i) => BigInt(i)))
    const storedTitles = stored
      .slice(1)
      .map((e) => competitionEvents.CompetitionRevised.parse(e.data).details.title)
    expect(storedTitles.sort()).toEqual([...titles].sort())
  })
})
